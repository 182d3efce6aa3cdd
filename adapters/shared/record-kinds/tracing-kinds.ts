import type { Session } from '../../../domain/tracing/session.ts';
import type { InferenceResult } from '../../../domain/tracing/inference-result.ts';
import type { Span } from '../../../domain/tracing/span.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The tracing records: sessions, inference results (traces on the wire) and spans. */
export const tracingKinds = {
  sessions: ownedRecordKind<Session>({
    name: 'Session',
    unique: [['versionId', 'customId']],
    fields: {
      versionId: true,
      testCaseId: true,
      customId: true,
      runId: true,
      isProduction: true,
      context: true,
      metadata: true,
      status: true,
      stoppingReason: true,
      error: true,
      finishedAt: true,
      version: true,
    },
  }),
  inferenceResults: ownedRecordKind<InferenceResult>({
    name: 'InferenceResult',
    publicName: 'Inference result',
    fields: {
      sessionId: true,
      input: true,
      output: true,
      retrievalContext: true,
      latency: true,
      inputTokens: true,
      outputTokens: true,
      totalTokens: true,
      cacheReadInputTokens: true,
      cacheCreationInputTokens: true,
      model: true,
      cost: true,
      status: true,
      error: true,
      droppedSpanCount: true,
      version: true,
    },
  }),
  spans: ownedRecordKind<Span>({
    name: 'Span',
    fields: {
      inferenceResultId: true,
      sessionId: true,
      name: true,
      type: true,
      description: true,
      inputData: true,
      outputData: true,
      error: true,
      latencyMs: true,
      metadata: true,
      model: true,
      usage: true,
      parentTraceId: true,
      parentPending: true,
      startTime: true,
      endTime: true,
    },
  }),
};
