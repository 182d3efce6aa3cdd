import type { EvaluationParam } from '../catalog/metric-kinds.ts';
import type { Verdict } from './evaluation.ts';
import { missingParams, type MetricInputs } from './metric-inputs.ts';
import { jsonFieldMatch } from './metrics/json-field-match.ts';
import { iou, toolCorrectness, urlValidity } from './metrics/other-metrics.ts';
import { bleu, exactMatch, rougeL, textSimilarity, type MetricScore } from './metrics/text-metrics.ts';

interface Algorithm {
  /** The inputs the algorithm cannot do without. */
  readonly params: readonly EvaluationParam[];
  score(inputs: MetricInputs): MetricScore;
}

const pair = (score: (actual: string, expected: string) => MetricScore): Algorithm => ({
  params: ['actualOutput', 'expectedOutput'],
  score: (inputs) => score(inputs.actualOutput!, inputs.expectedOutput!),
});

/** The built-in deterministic catalogue, keyed by normalised algorithm name. */
export const DETERMINISTIC_CATALOGUE: Readonly<Record<string, Algorithm>> = {
  EXACT_MATCH: pair(exactMatch),
  TEXT_SIMILARITY: pair(textSimilarity),
  BLEU: pair((actual, expected) => bleu(actual, expected)),
  ROUGE_L: pair(rougeL),
  JSON_FIELD_MATCH: pair((actual, expected) => jsonFieldMatch(actual, expected, 'plain')),
  JSON_FIELD_MATCH_NORMALIZED: pair((actual, expected) => jsonFieldMatch(actual, expected, 'normalized')),
  JSON_FIELD_MATCH_STRICT: pair((actual, expected) => jsonFieldMatch(actual, expected, 'strict')),
  TOOL_CORRECTNESS: {
    params: ['expectedTools', 'toolsUsed'],
    score: (inputs) => toolCorrectness(inputs.expectedTools!, inputs.toolsUsed!),
  },
  URL_VALIDITY: { params: ['actualOutput'], score: (inputs) => urlValidity(inputs.actualOutput!) },
  IOU: pair(iou),
};

const ALIASES: Record<string, string> = {
  ROUGEL: 'ROUGE_L',
  ROUGE: 'ROUGE_L',
  JSON_MATCH: 'JSON_FIELD_MATCH',
  URL_VALID: 'URL_VALIDITY',
  INTERSECTION_OVER_UNION: 'IOU',
};

/** `rouge-l`, `RougeL`, `ROUGE_L` all name the same algorithm. */
export function normalizeAlgorithm(name: string): string {
  const key = name
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase()
    .replace(/[^A-Z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
  return ALIASES[key] ?? key;
}

/** Scores with a deterministic algorithm; an unknown algorithm or a missing input is SKIPPED with the reason. */
export function scoreDeterministic(algorithm: string | null, inputs: MetricInputs): Verdict {
  const entry = algorithm ? DETERMINISTIC_CATALOGUE[normalizeAlgorithm(algorithm)] : undefined;
  if (!entry)
    return { kind: 'skipped', error: `Unknown deterministic algorithm: ${algorithm ?? '(none)'}`, canRetry: false };
  const missing = missingParams(inputs, entry.params);
  if (missing.length > 0)
    return {
      kind: 'skipped',
      error: `Missing evaluation params for ${normalizeAlgorithm(algorithm!)}: ${missing.join(', ')}`,
      canRetry: false,
    };
  const { score, reason } = entry.score(inputs);
  return { kind: 'scored', score: Math.min(1, Math.max(0, score)), reason, creditsUsed: 0 };
}
