import type { StoragePorts } from '../../application/ports/ports.ts';
import { createEvaluation, type Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Span } from '../../domain/tracing/span.ts';

/** Records for the SweepStore contract, made before, around and after one cutoff. */
export const OLD = '2026-01-01T00:00:00.000Z';
export const CUTOFF = '2026-02-01T00:00:00.000Z';
export const RECENT = '2026-03-01T00:00:00.000Z';

export const session = (organizationId: string, id: string, deletedAt: string | null = null): Session => ({
  id,
  organizationId,
  versionId: 'version_1',
  testCaseId: null,
  customId: null,
  runId: null,
  isProduction: true,
  context: null,
  metadata: null,
  status: 'PENDING',
  stoppingReason: null,
  error: null,
  finishedAt: null,
  createdAt: OLD,
  deletedAt,
  version: 0,
});

export const result = (
  organizationId: string,
  id: string,
  sessionId: string,
  deletedAt: string | null = null,
): InferenceResult => ({
  id,
  organizationId,
  sessionId,
  input: 'in',
  output: 'out',
  retrievalContext: null,
  latency: null,
  inputTokens: null,
  outputTokens: null,
  totalTokens: null,
  cacheReadInputTokens: null,
  cacheCreationInputTokens: null,
  model: null,
  cost: null,
  costPerInputToken: null,
  costPerOutputToken: null,
  costPerCacheReadInputToken: null,
  costSource: null,
  costNanos: null,
  priceModelId: null,
  usageSource: null,
  modelSource: null,
  status: 'COMPLETED',
  error: null,
  droppedSpanCount: 0,
  createdAt: OLD,
  deletedAt,
  version: 0,
});

export const span = (
  organizationId: string,
  id: string,
  inferenceResultId: string,
  sessionId: string,
  extra: Partial<Span> = {},
): Span => ({
  id,
  organizationId,
  inferenceResultId,
  sessionId,
  name: id,
  type: 'SPAN',
  description: null,
  inputData: null,
  outputData: null,
  error: null,
  latencyMs: null,
  metadata: null,
  model: null,
  usage: null,
  parentTraceId: null,
  parentPending: false,
  startTime: OLD,
  endTime: null,
  createdAt: OLD,
  deletedAt: null,
  ...extra,
});

export const evaluation = (
  organizationId: string,
  id: string,
  sessionId: string,
  inferenceResultId: string | null,
  deletedAt: string | null = null,
): Evaluation => ({
  ...createEvaluation(
    {
      id,
      organizationId,
      metricId: 'metric_1',
      sessionId,
      userId: null,
      testCaseId: null,
      inferenceResultId,
      runId: null,
      launchId: null,
      versionId: 'version_1',
      metricLegacyAt: null,
      metricDisabledAt: null,
    },
    OLD,
  ),
  deletedAt,
});

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id).sort();
const everything = { limit: 1000 };

/** The ids of what an organization still has, by kind. */
export async function live(storage: StoragePorts, organizationId: string) {
  return {
    sessions: ids(await storage.sessions.list(organizationId, everything)),
    inferenceResults: ids(await storage.inferenceResults.list(organizationId, everything)),
    spans: ids(await storage.spans.list(organizationId, everything)),
    evaluations: ids(await storage.evaluations.list(organizationId, everything)),
  };
}
