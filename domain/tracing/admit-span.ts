import { isJsonObject } from '../shared/json.ts';
import type { Span, SpanContext, SpanProblem } from './span.ts';
import { checkContent, checkIdentity } from './span-checks.ts';

export type SpanVerdict =
  | { readonly ok: true; readonly span: Span }
  | {
      readonly ok: false;
      readonly id: string | null;
      readonly inferenceResultId: string | null;
      readonly problems: readonly SpanProblem[];
    };

/**
 * Validates one span as sent and builds the record, or lists every problem with it. A fresh id is minted when the
 * caller sent none (`mintId`); `batchIds` are the ids in the same batch, whose parent links are settled at once.
 */
export function admitSpan(
  input: unknown,
  mintId: () => string,
  context: SpanContext,
  batchIds: ReadonlySet<string>,
): SpanVerdict {
  if (!isJsonObject(input)) {
    return {
      ok: false,
      id: null,
      inferenceResultId: null,
      problems: [{ error: 'invalid_field', path: '', message: 'must be an object' }],
    };
  }
  const problems: SpanProblem[] = [];
  const { id, inferenceResultId, parentTraceId } = checkIdentity(input, problems);
  const content = checkContent(input, problems);
  const owner = inferenceResultId === null ? undefined : context.inferenceResults.get(inferenceResultId);
  if (inferenceResultId !== null && !owner) {
    problems.push({
      error: 'unknown_inference_result',
      path: 'inferenceResultId',
      message: `inference result ${inferenceResultId} not found`,
    });
  }
  if (problems.length > 0 || !owner || inferenceResultId === null)
    return { ok: false, id, inferenceResultId, problems };
  // Spelled out rather than spread from `content`: this runs once per span of every batch.
  const span: Span = {
    id: id ?? mintId(),
    organizationId: context.organizationId,
    inferenceResultId,
    sessionId: owner.sessionId,
    name: content.name,
    type: content.type,
    description: content.description,
    inputData: content.inputData,
    outputData: content.outputData,
    error: content.error,
    latencyMs: content.latencyMs,
    metadata: content.metadata,
    model: content.model,
    usage: content.usage,
    startTime: content.startTime,
    endTime: content.endTime,
    parentTraceId,
    parentPending: parentTraceId !== null && !batchIds.has(parentTraceId),
    createdAt: context.now,
    deletedAt: null,
  };
  return { ok: true, span };
}
