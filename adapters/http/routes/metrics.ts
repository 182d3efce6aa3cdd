import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { metric, metricCreate, metricQuery, metricUpdate } from '../schemas/catalog.ts';
import { deletion, idParams } from '../schemas/common.ts';

const tag = 'Metrics';

/** Metrics and their revisions. */
export function metricRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/metrics',
      tag,
      summary: "List the organization's metrics (every revision; includeLegacy=false keeps the live heads)",
      query: metricQuery,
      response: z.array(metric),
      handle: ({ actor, query }) => useCases.listMetrics.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/metrics',
      tag,
      summary: 'Create a metric, or a new revision of one with parentMetricId',
      status: 201,
      description:
        'Names are unique among live head revisions. With parentMetricId the new metric joins the parent’s ' +
        'family (same metricGroupId), takes the parent’s fields it does not send (its scoring fields only while ' +
        'the source is kept), and supersedes the parent (legacyAt); specifications that linked the parent link ' +
        'the new head. A parent that is already legacy answers 409.',
      body: metricCreate,
      response: metric,
      errors: [404, 409],
      handle: ({ actor, body }) => useCases.createMetric.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/metrics/:id',
      tag,
      summary: 'Read a metric revision',
      params: idParams,
      response: metric,
      errors: [404],
      handle: ({ actor, params }) => useCases.getMetric.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/metrics/:id',
      tag,
      summary: 'Update a metric’s name, description, tags or disabledAt',
      description:
        'The scoring definition (source, judgePrompt, evaluationParams, judgeModel, algorithm) never changes: ' +
        'sending one answers 400 naming it; create a revision with parentMetricId instead. A superseded revision ' +
        'answers 409; a name taken by a live metric answers 409.',
      params: idParams,
      body: metricUpdate,
      response: metric,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateMetric.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/metrics/:id',
      tag,
      summary: 'Soft-delete a metric revision; specifications drop their link to it',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteMetric.execute(actor, params.id),
    }),
  ];
}
