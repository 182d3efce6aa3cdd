import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import {
  span,
  spanBatch,
  spanBatchCounts,
  spanBatchQuery,
  spanBatchReport,
  spanIds,
  spanQuery,
  spanView,
} from '../schemas/tracing.ts';
import { spanInput } from '../schemas/span-input.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'Spans';

/** Spans, served under the spec's historical prefix /traces. */
export function traceRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag,
    path: '/traces',
    record: span,
    list: { summary: "List the organization's spans", query: spanQuery, useCase: useCases.listSpans },
    create: {
      summary: 'Create one span (a refused span is a 400)',
      body: spanInput,
      errors: [403],
      useCase: { execute: async (actor, body) => (await useCases.ingestSpans.execute(actor, [body])).created[0] },
    },
    collection: [
      route({
        method: 'post',
        path: '/traces/batch',
        tag,
        status: 201,
        summary: 'Create many spans; refused spans do not stop their siblings',
        description:
          'Answers the created spans; with includeRejected=true an object {created, rejected}; with ' +
          'return=minimal only the counts {created, rejected} (the cheapest answer for SDKs; created counts the ' +
          'spans this batch stored, not re-sent ids already stored). ' +
          'A span naming an inference result of another organization refuses the whole batch ' +
          '(403, nothing written). Span ids are unique per organization; a re-sent id of a deleted span is ' +
          'refused (deleted_span). When every span is refused: 400 with the rejections in issues.',
        query: spanBatchQuery,
        body: spanBatch,
        response: z.union([z.array(span), spanBatchReport, spanBatchCounts]),
        errors: [403, 413],
        validateResponse: false,
        handle: async ({ actor, query, body }) => {
          const result = await useCases.ingestSpans.execute(actor, body.traces);
          if (query.return === 'minimal') return { created: result.stored, rejected: result.rejected.length };
          const created = result.created.map(spanView);
          return query.includeRejected ? { created, rejected: result.rejected } : created;
        },
      }),
      route({
        method: 'delete',
        path: '/traces/batch',
        tag,
        summary: 'Soft-delete spans by id; an unknown id fails the whole request (404)',
        body: spanIds,
        response: z.object({ deleted: z.number().int() }).meta({ id: 'SpanBatchDeletion' }),
        errors: [404],
        handle: ({ actor, body }) => useCases.deleteSpans.execute(actor, body.ids),
      }),
    ],
    get: { summary: 'Read a span, with its settled parent', useCase: useCases.getSpan },
  });
}
