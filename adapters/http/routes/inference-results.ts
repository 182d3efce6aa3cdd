import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { type RouteSpec, route } from '../route-spec.ts';
import {
  conversationBatch,
  inferenceResult,
  inferenceResultCreate,
  inferenceResultQuery,
  inferenceResultUpdate,
} from '../schemas/tracing.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'Inference results';

/** Inference results: the turns of a session. */
export function inferenceResultRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/inferenceResults',
      record: inferenceResult,
      list: {
        summary: "List the organization's inference results",
        query: inferenceResultQuery,
        useCase: useCases.listInferenceResults,
      },
      create: {
        summary: 'Record one turn of a session',
        body: inferenceResultCreate,
        errors: [404],
        useCase: useCases.createInferenceResult,
      },
      get: { summary: 'Read an inference result', useCase: useCases.getInferenceResult },
      update: {
        summary: 'Update an inference result (droppedSpanCount is kept by the server)',
        body: inferenceResultUpdate,
        useCase: useCases.updateInferenceResult,
      },
      remove: { summary: 'Soft-delete an inference result with its spans', useCase: useCases.deleteInferenceResult },
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
  ];
}
