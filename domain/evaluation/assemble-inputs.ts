import type { TestCase } from '../dataset/test-case.ts';
import type { InferenceResult } from '../tracing/inference-result.ts';
import type { Span } from '../tracing/span.ts';
import { asText, type MetricInputs } from './metric-inputs.ts';

export interface ScoredMaterial {
  /** The session's turns (or the one turn for turn-level evaluations). */
  readonly results: readonly InferenceResult[];
  readonly testCase: TestCase | null;
  /** The spans of those turns. */
  readonly spans: readonly Span[];
  /** The session's own context, used when the test case has none. */
  readonly sessionContext: unknown;
}

/**
 * What a metric sees: the turns in order; input = first turn's input (else the test case's); actualOutput = last
 * turn's output; expected output, tools and context from the test case; retrieval context from the turns and
 * RETRIEVER spans; tools used = names of TOOL spans.
 */
export function assembleInputs(material: ScoredMaterial): MetricInputs {
  const results = [...material.results].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  const turns = results.map((result) => ({ input: result.input ?? '', output: result.output ?? '' }));
  const retrieved = [
    ...results.flatMap((result) => result.retrievalContext ?? []),
    ...material.spans
      .filter((span) => span.type === 'RETRIEVER' && span.outputData !== null)
      .map((span) => asText(span.outputData) ?? ''),
  ].filter((item) => item !== '');
  const testCase = material.testCase;
  return {
    turns,
    input: results.find((result) => result.input)?.input ?? (testCase ? asText(testCase.input) : null),
    actualOutput: results.at(-1)?.output ?? null,
    expectedOutput: testCase?.expectedOutput ?? null,
    context: asText(testCase?.context ?? material.sessionContext ?? null),
    retrievalContext: retrieved.length > 0 ? retrieved : null,
    expectedTools: testCase ? testCase.expectedTools : null,
    toolsUsed: material.spans.filter((span) => span.type === 'TOOL').map((span) => span.name),
  };
}
