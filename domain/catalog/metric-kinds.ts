// What a metric can be: its sources, the inputs it may read, and the deterministic algorithms.

export const METRIC_SOURCES = ['LLM_JUDGE', 'DETERMINISTIC', 'HUMAN', 'SELF_HOSTED'] as const;
export type MetricSource = (typeof METRIC_SOURCES)[number];

/** The inputs a metric may read from a scored session or test case. */
export const EVALUATION_PARAMS = [
  'input',
  'actualOutput',
  'expectedOutput',
  'context',
  'retrievalContext',
  'expectedTools',
  'toolsUsed',
] as const;
export type EvaluationParam = (typeof EVALUATION_PARAMS)[number];

/** The scoring algorithms a DETERMINISTIC metric may name, with the inputs each reads (domain/evaluation scores them). */
export const ALGORITHM_READS = {
  EXACT_MATCH: ['actualOutput', 'expectedOutput'],
  TEXT_SIMILARITY: ['actualOutput', 'expectedOutput'],
  BLEU: ['actualOutput', 'expectedOutput'],
  ROUGE_L: ['actualOutput', 'expectedOutput'],
  JSON_FIELD_MATCH: ['actualOutput', 'expectedOutput'],
  JSON_FIELD_MATCH_NORMALIZED: ['actualOutput', 'expectedOutput'],
  JSON_FIELD_MATCH_STRICT: ['actualOutput', 'expectedOutput'],
  TOOL_CORRECTNESS: ['toolsUsed', 'expectedTools'],
  URL_VALIDITY: ['actualOutput'],
  IOU: ['actualOutput', 'expectedOutput'],
} as const satisfies Record<string, readonly EvaluationParam[]>;
export type DeterministicAlgorithm = keyof typeof ALGORITHM_READS;
export const DETERMINISTIC_ALGORITHMS = Object.keys(ALGORITHM_READS) as [
  DeterministicAlgorithm,
  ...DeterministicAlgorithm[],
];
