import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';

const tag = 'Maintenance';

const sweepRequest = z
  .strictObject({
    purgeAfterSeconds: z
      .number()
      .int()
      .min(0)
      .max(100 * 365 * 86_400)
      .optional()
      .describe(
        'Purge records soft-deleted at least this many seconds ago, for this sweep only (default PURGE_AFTER_SECONDS); 0 purges every soft-deleted record no live one still refers to',
      ),
  })
  .meta({ id: 'SweepRequest' });

const sweepReport = z
  .object({
    expiredSpans: z
      .number()
      .int()
      .describe("Spans deleted for being older than their organization's traceRetentionDays"),
    purgedRecords: z
      .number()
      .int()
      .describe(
        'Soft-deleted records of every kind (and what hung under them) deleted for good; organizations are kept',
      ),
  })
  .meta({ id: 'SweepReport' });

/** The retention and purge sweep, on demand. */
export function maintenanceRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/maintenance/sweep',
      tag,
      summary: 'Run the retention and purge sweep now (platform ADMIN); answers once it is done',
      description:
        "Deletes for good the spans older than their organization's traceRetentionDays (with the inference results " +
        'and sessions they leave empty, unless an evaluation refers to them), then the records soft-deleted more than ' +
        'purgeAfterSeconds ago with what hangs under them (a deleted version, test case, metric or alert rule stays ' +
        'while a live record refers to it), in transactions of at most 5,000 rows. The worker runs ' +
        'the same sweep every RETENTION_SWEEP_SECONDS.',
      body: sweepRequest.optional(),
      response: sweepReport,
      errors: [403],
      handle: ({ actor, body }) => useCases.sweepNow.execute(actor, body ?? {}),
    }),
  ];
}
