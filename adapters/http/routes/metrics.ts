import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { metric, metricCreate, metricQuery, metricUpdate } from '../schemas/catalog.ts';
import { resourceRoutes } from './resource-routes.ts';

/** Metrics and their revisions. */
export function metricRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag: 'Metrics',
    path: '/metrics',
    record: metric,
    list: {
      summary: "List the organization's metrics (every revision; includeLegacy=false keeps the live heads)",
      query: metricQuery,
      useCase: useCases.listMetrics,
    },
    create: {
      summary: 'Create a metric, or a new revision of one with parentMetricId',
      description:
        'Names are unique among live head revisions. With parentMetricId the new metric joins the parent’s ' +
        'family (same metricGroupId), takes the parent’s fields it does not send (its scoring fields only while ' +
        'the source is kept), and supersedes the parent (legacyAt); specifications that linked the parent link ' +
        'the new head. A parent that is already legacy answers 409.',
      body: metricCreate,
      errors: [403, 404, 409],
      useCase: useCases.createMetric,
    },
    get: { summary: 'Read a metric revision', useCase: useCases.getMetric },
    update: {
      summary: 'Update a metric’s name, description, tags or disabledAt',
      description:
        'The scoring definition (source, judgePrompt, evaluationParams, judgeModel, algorithm) never changes: ' +
        'sending one answers 400 naming it; create a revision with parentMetricId instead. A superseded revision ' +
        'answers 409; a name taken by a live metric answers 409.',
      body: metricUpdate,
      useCase: useCases.updateMetric,
    },
    remove: {
      summary: 'Soft-delete a metric revision; specifications drop their link to it',
      useCase: useCases.deleteMetric,
    },
  });
}
