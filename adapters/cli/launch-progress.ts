import { SingleBar } from 'cli-progress';
import type { AssayClient, Schemas } from '../client/assay-client.ts';
import { CliError, required } from './cli-errors.ts';

type Launch = Schemas['Launch'];

/** What the bar shows: evaluations scored of those created so far, sessions generated, failures. */
interface Progress {
  scored: number;
  total: number;
  sessions: number;
  failed: number;
}

/**
 * The launch's progress as read now: its evaluations (the launch counts them, growing while a generating launch
 * plays its test cases) less those still PENDING, and its sessions and failures. A page of 1000 bounds each count:
 * beyond it the bar runs behind until the backlog shrinks, and is exact at the end.
 */
async function readProgress(client: AssayClient, launch: Launch): Promise<Progress> {
  const count = async (status: 'PENDING' | 'FAILED') =>
    (
      await client.api.GET('/evaluations', {
        params: { query: { launchIds: [launch.id], statuses: [status], limit: 1000 } },
      })
    ).data?.length ?? 0;
  const [pending, failedEvaluations] = await Promise.all([count('PENDING'), count('FAILED')]);
  return {
    scored: Math.max(launch.evaluationCount - pending, 0),
    total: launch.evaluationCount,
    sessions: launch.progress?.sessionsDone ?? launch.sessionCount,
    failed: (launch.progress?.sessionsFailed ?? 0) + failedEvaluations,
  };
}

/**
 * Waits for the launch to end and answers it. On a terminal (and never with NO_COLOR: `interactive` says both) a bar
 * shows the evaluations scored of those created so far, the sessions generated and the failures; elsewhere nothing is
 * drawn, so CI logs carry no escape sequences (the failures are printed after the wait either way).
 */
export async function waitForLaunch(
  client: AssayClient,
  runId: string,
  launchId: string,
  timeoutMs: number,
  interactive: boolean,
): Promise<Launch> {
  const ended = (launch: Launch) => launch.status !== 'QUEUED' && launch.status !== 'RUNNING';
  const find = (run: Schemas['RunWithLaunches']) => {
    const launch = run.launches.find((candidate) => candidate.id === launchId);
    if (!launch) throw new CliError(`Run ${runId} has no launch ${launchId}`);
    return launch;
  };
  if (!interactive) return find(await client.waitForLaunch(runId, launchId, { timeoutMs, intervalMs: 500 }));
  // Drawn on stderr (cli-progress's default), so the table on stdout stays clean when piped.
  const bar = new SingleBar({
    format: 'Scoring [{bar}] {value}/{total} evaluations | {sessions} sessions generated | {failed} failed',
  });
  bar.start(1, 0, { sessions: 0, failed: 0 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const launch = find(required(await client.api.GET('/runs/{id}', { params: { path: { id: runId } } }), 'the run'));
      const progress = await readProgress(client, launch);
      bar.setTotal(Math.max(progress.total, 1));
      bar.update(progress.scored, { sessions: progress.sessions, failed: progress.failed });
      if (ended(launch)) return launch;
      if (Date.now() > deadline) throw new CliError(`Timed out waiting for launch ${launchId}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    bar.stop();
  }
}
