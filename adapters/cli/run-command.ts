import { writeFile } from 'node:fs/promises';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { AssayClient } from '../client/assay-client.ts';
import { CliError, EXIT, required } from './cli-errors.ts';
import { table } from './cli-output.ts';
import { gate, junit } from './gate.ts';

interface RunOptions {
  version: string;
  specification: string[];
  sessions?: string[];
  customId?: string;
  minScore: string;
  maxDrop: string;
  baseline?: string;
  junit?: string;
  timeout: string;
}

type Get = (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
type Post = (path: string, init: object) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

/** `assay run`: open a run, launch into it, wait, close it, print the gate and exit by its verdict. */
export function addRunCommand(
  program: Command,
  connect: () => Promise<AssayClient>,
  io: { print(text: string): void; interactive: boolean },
): void {
  program
    .command('run')
    .description('Evaluate a version in a run of its own and gate on the scores (exit 1 when a metric fails)')
    .requiredOption('--version <id>', 'the product version to evaluate')
    .option('--specification <id...>', 'only these specifications', [])
    .option('--sessions <id...>', 'score these existing sessions instead of generating new ones (fromSessions)')
    .option('--custom-id <id>', 'the run’s custom id, e.g. the CI build (BUILD-123); must be new for the product')
    .option('--min-score <score>', 'each metric’s mean must reach it', '0.5')
    .option('--max-drop <delta>', 'how far a mean may fall below the baseline run’s', '0')
    .option('--baseline <runId>', 'compare each metric’s mean with this run')
    .option('--junit <file>', 'also write the verdict as JUnit XML')
    .option('--timeout <seconds>', 'give up waiting after this long', '1800')
    .action(async (options: RunOptions) => {
      const client = await connect();
      const get = client.api.GET as unknown as Get;
      const post = client.api.POST as unknown as Post;
      const rules = { minScore: Number(options.minScore), maxDrop: Number(options.maxDrop) };
      if (!(rules.minScore >= 0 && rules.minScore <= 1)) throw new CliError('--min-score takes a number from 0 to 1');
      const version = required(
        await get('/versions/{id}', { params: { path: { id: options.version } } }),
        'the version',
      ) as {
        productId: string;
      };
      const opened = await post('/runs', {
        body: {
          productId: version.productId,
          versionId: options.version,
          ...(options.customId ? { customId: options.customId } : {}),
        },
      });
      if (opened.response.status === 409)
        throw new CliError(`The custom id ${options.customId} is already taken by a run of this product`);
      const runId = (required(opened, 'opening the run') as { id: string }).id;
      const specificationIds = options.specification.length ? { specificationIds: options.specification } : {};
      const launched = (
        options.sessions
          ? required(
              await post('/evaluations/fromSessions', {
                body: { runId, sessionIds: options.sessions, ...specificationIds },
              }),
              'launching',
            )
          : required(
              await post('/evaluations/fromVersion', {
                body: { runId, versionId: options.version, ...specificationIds },
              }),
              'launching',
            )
      ) as { launchId: string };
      io.print(`Run ${runId}: launch ${launched.launchId} started`);
      await waitWithProgress(client, runId, launched.launchId, Number(options.timeout) * 1000, io.interactive);
      required(await post('/runs/{id}/close', { params: { path: { id: runId } } }), 'closing the run');

      const evaluations = [];
      for await (const evaluation of client.listAll('/evaluations', { runIds: [runId] }, 1000))
        evaluations.push(evaluation);
      const metricIds = [...new Set(evaluations.map((evaluation) => evaluation.metricId))];
      const names = new Map<string, string>();
      for await (const metric of client.listAll('/metrics', { ids: metricIds }, 1000))
        names.set(metric.id, metric.name);
      const baseline = new Map<string, number | null>();
      if (options.baseline) {
        const summary = required(
          await get('/runs/{id}/metricSummary', { params: { path: { id: options.baseline } } }),
          'the baseline run',
        );
        for (const row of summary as { metricId: string; mean: number | null }[]) baseline.set(row.metricId, row.mean);
      }
      const rows = gate(evaluations, names, baseline, rules);
      io.print(
        table(
          rows.map((row) => ({
            ...row,
            passRate: row.passRate === null ? null : `${Math.round(row.passRate * 100)}%`,
            failure: row.failure ?? 'ok',
          })),
          ['metricName', 'evaluations', 'mean', 'min', 'max', 'passRate', 'change', 'failure'],
        ),
      );
      if (options.junit) await writeFile(options.junit, junit(runId, rows));
      const failed = rows.filter((row) => row.failure);
      if (rows.length === 0) throw new CliError('The run has no evaluations: nothing to gate on', EXIT.gateFailed);
      if (failed.length)
        throw new CliError(
          `Gate failed: ${failed.map((row) => `${row.metricName}: ${row.failure}`).join('; ')}`,
          EXIT.gateFailed,
        );
      io.print(`Gate passed: ${rows.length} metric${rows.length === 1 ? '' : 's'} at or above ${rules.minScore}`);
    });
}

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

type Launch = Awaited<ReturnType<AssayClient['waitForLaunch']>>['launches'][number];

/**
 * Waits for the launch to end. On a terminal (and never with NO_COLOR: `interactive` says both) a bar shows the
 * evaluations scored of those created so far, the sessions generated and the failures; elsewhere nothing is drawn,
 * so CI logs carry no escape sequences.
 */
async function waitWithProgress(
  client: AssayClient,
  runId: string,
  launchId: string,
  timeoutMs: number,
  interactive: boolean,
) {
  if (!interactive) return client.waitForLaunch(runId, launchId, { timeoutMs, intervalMs: 500 });
  // Drawn on stderr (cli-progress's default), so the table on stdout stays clean when piped.
  const bar = new SingleBar({
    format: 'Scoring [{bar}] {value}/{total} evaluations | {sessions} sessions generated | {failed} failed',
  });
  bar.start(1, 0, { sessions: 0, failed: 0 });
  const deadline = Date.now() + timeoutMs;
  try {
    for (;;) {
      const run = required(await client.api.GET('/runs/{id}', { params: { path: { id: runId } } }), 'the run');
      const launch = run.launches.find((candidate) => candidate.id === launchId);
      if (!launch) throw new CliError(`Run ${runId} has no launch ${launchId}`);
      const progress = await readProgress(client, launch);
      bar.setTotal(Math.max(progress.total, 1));
      bar.update(progress.scored, { sessions: progress.sessions, failed: progress.failed });
      if (launch.status !== 'QUEUED' && launch.status !== 'RUNNING') return run;
      if (Date.now() > deadline) throw new CliError(`Timed out waiting for launch ${launchId}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  } finally {
    bar.stop();
  }
}
