import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  conversationBatch,
  inferenceResult,
  inferenceResultCreate,
  inferenceResultQuery,
  inferenceResultUpdate,
} from '../schemas/tracing.ts';

const tag = 'Inference results';

/** Inference results: the turns of a session. */
export function inferenceResultRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/inferenceResults',
      tag,
      summary: "List the organization's inference results",
      query: inferenceResultQuery,
      response: z.array(inferenceResult),
      handle: ({ actor, query }) => useCases.listInferenceResults.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/inferenceResults',
      tag,
      summary: 'Record one turn of a session',
      status: 201,
      body: inferenceResultCreate,
      response: inferenceResult,
      errors: [404],
      handle: ({ actor, body }) => useCases.createInferenceResult.execute(actor, body),
    }),
    route({
      method: 'post',
      path: '/inferenceResults/batch',
      tag,
      summary: "Create a session's inference results from its conversation turns, in one transaction",
      status: 201,
      body: conversationBatch,
      response: z.array(inferenceResult),
      errors: [404],
      handle: ({ actor, body }) =>
        useCases.createConversationResults.execute(actor, body.sessionId, body.conversationTurns),
    }),
    route({
      method: 'get',
      path: '/inferenceResults/:id',
      tag,
      summary: 'Read an inference result',
      params: idParams,
      response: inferenceResult,
      errors: [404],
      handle: ({ actor, params }) => useCases.getInferenceResult.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/inferenceResults/:id',
      tag,
      summary: 'Update an inference result (droppedSpanCount is kept by the server)',
      params: idParams,
      body: inferenceResultUpdate,
      response: inferenceResult,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateInferenceResult.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/inferenceResults/:id',
      tag,
      summary: 'Soft-delete an inference result with its spans',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteInferenceResult.execute(actor, params.id),
    }),
  ];
}
