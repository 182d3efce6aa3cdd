import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import {
  launchParams,
  metricSummary,
  relaunchBody,
  run,
  runCreate,
  runQuery,
  runWithLaunches,
} from '../schemas/run.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Runs';

/** Runs: groups of launched evaluations, opened by a launch or by the caller; their launches, summary and lifecycle. */
export function runRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/runs',
      record: run,
      list: {
        summary: "List the organization's runs (without their launches)",
        query: runQuery,
        useCase: useCases.listRuns,
      },
      create: {
        summary: 'Open a run to launch evaluations into; it stays RUNNING until closed',
        description:
          'openedBy is CALLER. The ordinal counts the product’s runs from 1 and is never reused. A version of another ' +
          'product is refused (400); a customId already used by a live run of the product is 409.',
        body: runCreate,
        errors: [404, 409],
        useCase: useCases.createRun,
      },
      get: { summary: 'Read a run with its launches', response: runWithLaunches, useCase: useCases.getRun },
      remove: {
        summary: 'Soft-delete a run and the evaluations it launched (its open launches are cancelled first)',
        description: 'Sessions stay. The ordinal is never reused; the customId is free again.',
        useCase: useCases.deleteRun,
      },
    }),
    recordRoute({
      method: 'post',
      path: '/runs/:id/close',
      tag,
      summary: 'Close a run opened with POST /runs: COMPLETED, or FAILED when one of its launches FAILED',
      description:
        'Refused (409) for runs opened by a launch, for ended runs, and while a launch is QUEUED or RUNNING.',
      response: runWithLaunches,
      errors: [404, 409],
      run: (actor, id) => useCases.closeRun.execute(actor, id),
    }),
    recordRoute({
      method: 'post',
      path: '/runs/:id/relaunch',
      tag,
      summary: 'Repeat an ended run as a new run; its launches are started by workers',
      description:
        'Evaluate launches re-score the same sessions with the same metrics. Refused (409) while the run is ' +
        'RUNNING, when it covered no session, or more than 1000.',
      status: 202,
      body: relaunchBody.optional(),
      response: runWithLaunches,
      errors: [404, 409],
      run: (actor, id, body) => useCases.relaunchRun.execute(actor, id, body ?? {}),
    }),
    route({
      method: 'post',
      path: '/runs/:id/launches/:launchId/cancel',
      tag,
      summary: 'Cancel a QUEUED or RUNNING launch of the run',
      description:
        'What was scored is kept; its evaluations still PENDING become SKIPPED ("launch cancelled", canRetry true) ' +
        'and no worker scores them afterwards. A run opened by a launch then settles; a run opened with POST /runs ' +
        'stays RUNNING until closed.',
      params: launchParams,
      response: runWithLaunches,
      errors: [404, 409],
      handle: ({ actor, params }) => useCases.cancelLaunch.execute(actor, params.id, params.launchId),
    }),
    recordRoute({
      method: 'get',
      path: '/runs/:id/metricSummary',
      tag,
      summary: "Per metric: the run's evaluations by status, and the mean, lowest and highest score",
      response: z.array(metricSummary),
      errors: [404],
      run: (actor, id) => useCases.getMetricSummary.execute(actor, id),
    }),
  ];
}
