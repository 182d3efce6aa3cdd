import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { LINK_HEADER, listPage } from '../list-page.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  alert,
  alertRule,
  alertRuleCreate,
  alertRuleUpdate,
  backfillBody,
  backfillReport,
  monitor,
  monitorCreate,
  monitorQuery,
  monitorUpdate,
  nestedPage,
  ruleParams,
} from '../schemas/monitor.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Monitors';

/** Monitors: sampled online evaluation of production sessions, their backfill, alert rules and alert episodes. */
export function monitorRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/monitors',
      record: monitor,
      list: { summary: "List the organization's monitors", query: monitorQuery, useCase: useCases.listMonitors },
      create: {
        summary: "Create a monitor that scores a sample of a product's production sessions as they become ready",
        description:
          'A session is ready when COMPLETED or idle for idleSeconds. Metrics of source HUMAN or SELF_HOSTED are ' +
          'refused (400); an unknown or foreign product, version or metric is 404; a name used by a live monitor ' +
          'of the product is 409.',
        body: monitorCreate,
        errors: [404, 409],
        useCase: useCases.createMonitor,
      },
      get: { summary: 'Read a monitor', useCase: useCases.getMonitor },
      update: {
        summary: 'Change a monitor, or pause it (status PAUSED) and resume it (status ACTIVE)',
        description:
          'Sessions that become ready while a monitor is PAUSED are not scored later (a backfill may). Raising ' +
          'or clearing the cap of a CAPPED monitor makes it ACTIVE; setting ACTIVE ends FAILING.',
        body: monitorUpdate,
        errors: [404, 409],
        useCase: useCases.updateMonitor,
      },
      remove: {
        summary: 'Soft-delete a monitor and its alert rules; its evaluations stay',
        useCase: useCases.deleteMonitor,
      },
    }),
    recordRoute({
      method: 'post',
      path: '/monitors/:id/backfill',
      tag,
      summary: 'Queue the ready production sessions created in a period (at most 31 days)',
      description:
        'Same sampling, content filter, cap and once-only rule as discovery: `queued` counts the sessions queued, ' +
        'so a repeated backfill queues 0.',
      status: 202,
      body: backfillBody,
      response: backfillReport,
      errors: [404, 409],
      run: (actor, id, body) => useCases.backfillMonitor.execute(actor, id, body),
    }),
    route({
      method: 'get',
      path: '/monitors/:id/alertRules',
      tag,
      summary: "List a monitor's alert rules",
      params: idParams,
      query: nestedPage,
      response: z.array(alertRule),
      responseHeaders: LINK_HEADER,
      errors: [404],
      handle: ({ actor, params, query, ctx }) =>
        listPage(ctx, actor, `/monitors/${params.id}/alertRules`, query, (request) =>
          useCases.listAlertRules.execute(actor, params.id, request),
        ),
    }),
    recordRoute({
      method: 'post',
      path: '/monitors/:id/alertRules',
      tag,
      summary: "Add an alert rule on one of the monitor's metrics",
      description:
        'Every ALERT_EVALUATION_SECONDS the rule counts the evaluations scored below badScoreBelow in its window: ' +
        'an alert opens at countThreshold and recovers at countThreshold − ⌊√countThreshold⌋ or below; each is mailed once.',
      status: 201,
      body: alertRuleCreate,
      response: alertRule,
      run: (actor, id, body) => useCases.createAlertRule.execute(actor, id, body),
    }),
    route({
      method: 'patch',
      path: '/monitors/:id/alertRules/:ruleId',
      tag,
      summary: 'Change an alert rule',
      params: ruleParams,
      body: alertRuleUpdate,
      response: alertRule,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateAlertRule.execute(actor, params.id, params.ruleId, body),
    }),
    route({
      method: 'delete',
      path: '/monitors/:id/alertRules/:ruleId',
      tag,
      summary: 'Soft-delete an alert rule; its episodes stay listed',
      params: ruleParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteAlertRule.execute(actor, params.id, params.ruleId),
    }),
    route({
      method: 'get',
      path: '/monitors/:id/alerts',
      tag,
      summary: "List a monitor's alert episodes, newest first",
      params: idParams,
      query: nestedPage,
      response: z.array(alert),
      responseHeaders: LINK_HEADER,
      errors: [404],
      handle: ({ actor, params, query, ctx }) =>
        listPage(ctx, actor, `/monitors/${params.id}/alerts`, query, (request) =>
          useCases.listAlerts.execute(actor, params.id, request),
        ),
    }),
  ];
}
