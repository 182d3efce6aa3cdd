import { isLaunchOpen, launchWorkDone, settleLaunch } from '../../domain/run/launch.ts';
import { settleRun } from '../../domain/run/run.ts';
import { unique } from '../../domain/shared/fields.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { retryStale } from '../shared/retry-stale.ts';

type Needs = Pick<Ports, 'uow' | 'clock' | 'runs' | 'launches' | 'evaluations'>;

/** More launches than one run ever holds. */
const MANY = 100_000;

/**
 * Settles the runs opened by a launch among `runIds` whose launches have all ended. Every such run still RUNNING is
 * written (its version grows even when it goes on), so two transactions ending two launches of one run serialise: the
 * later one meets a StaleVersion, reads again, and sees both launches ended. Call it inside a transaction.
 */
export async function settleRuns(
  ports: Omit<Needs, 'uow' | 'evaluations'>,
  scope: string,
  runIds: readonly string[],
  now: string,
): Promise<void> {
  const runs = (await listIn(ports.runs, scope, runIds)).filter(
    (run) => run.openedBy === 'LAUNCH' && run.status === 'RUNNING',
  );
  if (runs.length === 0) return;
  const launches = await ports.launches.list(scope, {
    where: where.in(
      'runId',
      runs.map((run) => run.id),
    ),
    limit: MANY,
  });
  for (const run of runs)
    await ports.runs.update(
      settleRun(
        run,
        launches.filter((launch) => launch.runId === run.id),
        now,
      ) ?? run,
    );
}

/**
 * Ends each open launch among `launchIds` whose own work is done and none of whose evaluations is PENDING (COMPLETED),
 * then settles their runs. Idempotent, so it runs after every scoring commit: the last commit of a launch sees none
 * PENDING, whichever worker made it.
 */
export async function settleLaunches(ports: Needs, scope: string, launchIds: readonly string[]): Promise<void> {
  if (launchIds.length === 0) return;
  await retryStale(() =>
    ports.uow.transaction(async () => {
      const open = (await listIn(ports.launches, scope, launchIds)).filter(
        (launch) => isLaunchOpen(launch) && launchWorkDone(launch),
      );
      if (open.length === 0) return;
      const pending = await ports.evaluations.countBy(scope, 'launchId', [
        ...where.in(
          'launchId',
          open.map((launch) => launch.id),
        ),
        ...where.eq('status', 'PENDING'),
      ]);
      const now = ports.clock.now();
      const ended = open.flatMap((launch) => settleLaunch(launch, pending.get(launch.id)?.evaluations ?? 0, now) ?? []);
      for (const launch of ended) await ports.launches.update(launch);
      await settleRuns(ports, scope, unique(ended.map((launch) => launch.runId)), now);
    }),
  );
}

/** The launches of these evaluations, once each. */
export const launchesOf = (evaluations: readonly { readonly launchId: string | null }[]): string[] =>
  unique(evaluations.flatMap((evaluation) => (evaluation.launchId ? [evaluation.launchId] : [])));
