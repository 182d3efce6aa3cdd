import type { Metric } from '../catalog/metric.ts';
import type { MetricSource } from '../catalog/metric-kinds.ts';
import type { TestCase } from '../dataset/test-case.ts';
import type { Evaluation } from '../evaluation/evaluation.ts';
import type { JsonObject } from '../shared/json.ts';
import type { InferenceResult, InferenceResultStatus } from '../tracing/inference-result.ts';
import type { Session, SessionStatus } from '../tracing/session.ts';
import type { Span } from '../tracing/span.ts';

/** What a turn's spans did, in a few numbers: how many, how many failed, of which types, which tools ran. */
export interface SpansSummary {
  readonly count: number;
  readonly errors: number;
  readonly types: Readonly<Record<string, number>>;
  readonly tools: readonly string[];
}

export interface ReviewTurn {
  readonly inferenceResultId: string;
  /** Whether the evaluation scores this turn (every turn for a session-level evaluation). */
  readonly scored: boolean;
  readonly status: InferenceResultStatus;
  readonly input: string | null;
  readonly output: string | null;
  readonly retrievalContext: readonly string[] | null;
  readonly error: string | null;
  readonly latency: number | null;
  readonly spans: SpansSummary;
}

/** Everything a reviewer reads to score one evaluation, in one answer. */
export interface ReviewContext {
  readonly evaluation: Evaluation;
  readonly metric: {
    readonly id: string;
    readonly name: string;
    readonly description: string | null;
    readonly source: MetricSource;
    /** How to score: the metric's judge prompt, which for a HUMAN metric is the reviewers' guideline. */
    readonly guideline: string | null;
  };
  readonly session: {
    readonly id: string;
    readonly productId: string | null;
    readonly versionId: string;
    readonly customId: string | null;
    readonly status: SessionStatus;
    readonly context: JsonObject | null;
  };
  readonly turns: readonly ReviewTurn[];
  readonly testCase: {
    readonly id: string;
    readonly input: JsonObject;
    readonly expectedOutput: string | null;
    readonly context: JsonObject | null;
    readonly expectedTools: readonly string[];
  } | null;
}

export interface ReviewMaterial {
  readonly evaluation: Evaluation;
  readonly metric: Metric;
  readonly session: Session;
  readonly productId: string | null;
  readonly results: readonly InferenceResult[];
  readonly spans: readonly Span[];
  readonly testCase: TestCase | null;
}

function summarize(spans: readonly Span[]): SpansSummary {
  const types: Record<string, number> = {};
  for (const span of spans) types[span.type] = (types[span.type] ?? 0) + 1;
  return {
    count: spans.length,
    errors: spans.filter((span) => span.error !== null).length,
    types,
    tools: [...new Set(spans.filter((span) => span.type === 'TOOL').map((span) => span.name))],
  };
}

/** The turns in the order they happened, each with its spans summarised; the scored turn marked. */
export function assembleReviewContext(material: ReviewMaterial): ReviewContext {
  const { evaluation, metric, session, testCase } = material;
  const results = [...material.results].sort(
    (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
  );
  return {
    evaluation,
    metric: {
      id: metric.id,
      name: metric.name,
      description: metric.description,
      source: metric.source,
      guideline: metric.judgePrompt,
    },
    session: {
      id: session.id,
      productId: material.productId,
      versionId: session.versionId,
      customId: session.customId,
      status: session.status,
      context: session.context,
    },
    turns: results.map((result) => ({
      inferenceResultId: result.id,
      scored: evaluation.inferenceResultId === null || evaluation.inferenceResultId === result.id,
      status: result.status,
      input: result.input,
      output: result.output,
      retrievalContext: result.retrievalContext,
      error: result.error,
      latency: result.latency,
      spans: summarize(material.spans.filter((span) => span.inferenceResultId === result.id)),
    })),
    testCase: testCase && {
      id: testCase.id,
      input: testCase.input,
      expectedOutput: testCase.expectedOutput,
      context: testCase.context,
      expectedTools: testCase.expectedTools,
    },
  };
}
