import { type CostTotals, servedTotals } from '../cost/cost-totals.ts';
import type { Launch } from '../../domain/run/launch.ts';
import type { Run } from '../../domain/run/run.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** A launch as served: with the evaluations it created and the distinct sessions they cover, counted now. */
export interface LaunchView extends Launch {
  readonly evaluationCount: number;
  readonly sessionCount: number;
}

/** A run as served: with the evaluations it launched and the distinct sessions they cover, counted now. */
export interface RunView extends Run, CostTotals {
  readonly evaluationCount: number;
  readonly sessionCount: number;
}

/** A run as single-run answers serve it: with its launches, oldest first. */
export interface RunWithLaunches extends RunView {
  readonly launches: readonly LaunchView[];
}

type Needs = Pick<Ports, 'launches' | 'evaluations' | 'costLedger'>;

/** More launches than one run ever holds. */
const MANY = 100_000;

/** A run's launches, oldest first. */
export const launchesOfRun = (ports: Pick<Ports, 'launches'>, scope: string, runId: string): Promise<Launch[]> =>
  ports.launches.list(scope, {
    where: where.eq('runId', runId),
    sort: [{ field: 'createdAt', direction: 'asc' }],
    limit: MANY,
  });

/** Runs with their counts, one grouped query for the whole page. */
export async function viewRuns(
  ports: Pick<Ports, 'evaluations' | 'costLedger'>,
  scope: string,
  runs: readonly Run[],
): Promise<RunView[]> {
  if (runs.length === 0) return [];
  const runIds = runs.map((run) => run.id);
  const [counts, totals] = await Promise.all([
    ports.evaluations.countBy(scope, 'runId', where.in('runId', runIds)),
    ports.costLedger.runTotals(scope, runIds),
  ]);
  return runs.map((run) => ({
    ...run,
    evaluationCount: counts.get(run.id)?.evaluations ?? 0,
    sessionCount: counts.get(run.id)?.sessions ?? 0,
    ...servedTotals(totals.get(run.id)),
  }));
}

/** One run with its counts and its launches with theirs. */
export async function viewRun(ports: Needs, scope: string, run: Run): Promise<RunWithLaunches> {
  const [[view], launches, counts] = await Promise.all([
    viewRuns(ports, scope, [run]),
    launchesOfRun(ports, scope, run.id),
    ports.evaluations.countBy(scope, 'launchId', where.eq('runId', run.id)),
  ]);
  return {
    ...view,
    launches: launches.map((launch) => ({
      ...launch,
      evaluationCount: counts.get(launch.id)?.evaluations ?? 0,
      sessionCount: counts.get(launch.id)?.sessions ?? 0,
    })),
  };
}
