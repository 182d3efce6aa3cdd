import { writeFile } from 'node:fs/promises';
import type { Command } from 'commander';
import type { AssayClient } from '../client/assay-client.ts';
import { CliError, count, EXIT, refusal, required } from './cli-errors.ts';
import { gate, type GateRules } from './gate.ts';
import { junit } from './junit-report.ts';
import { waitForLaunch } from './launch-progress.ts';
import { gateFailures, nothingToGateOn, summary } from './run-report.ts';
import { discardRun, openRun } from './run-opening.ts';
import { type FailedSession, readOutcome } from './run-outcome.ts';
import { testCaseResults } from './test-case-results.ts';

interface RunOptions {
  version: string;
  specification: string[];
  sessions?: string[];
  customId?: string;
  minScore: string;
  maxDrop: string;
  maxFailedSessions: string;
  baseline?: string;
  junit?: string;
  timeout: string;
}

function rulesOf(options: RunOptions): GateRules {
  const rules = {
    minScore: Number(options.minScore),
    maxDrop: Number(options.maxDrop),
    maxFailedSessions: count(options.maxFailedSessions, '--max-failed-sessions', { min: 0 }),
  };
  if (!(rules.minScore >= 0 && rules.minScore <= 1)) throw new CliError('--min-score takes a number from 0 to 1');
  if (!(rules.maxDrop >= 0 && rules.maxDrop <= 1)) throw new CliError('--max-drop takes a number from 0 to 1');
  return rules;
}

/** Launches into the run; a refusal deletes the run (it holds nothing yet) so a retry can use its custom id. */
async function launch(client: AssayClient, runId: string, options: RunOptions) {
  const specificationIds = options.specification.length ? { specificationIds: options.specification } : {};
  const answer = options.sessions
    ? await client.api.POST('/evaluations/fromSessions', {
        body: { runId, sessionIds: options.sessions, ...specificationIds },
      })
    : await client.api.POST('/evaluations/fromVersion', {
        body: { runId, versionId: options.version, ...specificationIds },
      });
  if (answer.data) {
    const refused: FailedSession[] =
      'failures' in answer.data ? answer.data.failures.map((failure) => ({ ...failure, testCaseId: null })) : [];
    return { launchId: answer.data.launchId, refused };
  }
  throw new CliError(`launching: ${refusal(answer)}; ${await discardRun(client, runId)}`);
}

/** The baseline run's mean per metric. */
async function baselineOf(client: AssayClient, runId: string | undefined): Promise<Map<string, number | null>> {
  const baseline = new Map<string, number | null>();
  if (!runId) return baseline;
  const summary = required(
    await client.api.GET('/runs/{id}/metricSummary', { params: { path: { id: runId } } }),
    'the baseline run',
  );
  for (const row of summary) baseline.set(row.metricId, row.mean);
  return baseline;
}

/** `assay run`: open a run, launch into it, wait, close it, print the gate and exit by its verdict. */
export function addRunCommand(
  program: Command,
  connect: () => Promise<AssayClient>,
  io: { print(text: string): void; interactive: boolean },
): void {
  program
    .command('run')
    .description(
      'Evaluate a version in a run of its own and gate on the scores (exit 1 when a metric fails or sessions fail)',
    )
    .requiredOption('--version <id>', 'the product version to evaluate')
    .option('--specification <id...>', 'only these specifications', [])
    .option('--sessions <id...>', 'score these existing sessions instead of generating new ones (fromSessions)')
    .option('--custom-id <id>', 'the run’s custom id, e.g. the CI build (BUILD-123); must be new for the product')
    .option('--min-score <score>', 'each metric’s mean must reach it; also each evaluation’s pass mark', '0.5')
    .option('--max-drop <delta>', 'how far a mean may fall below the baseline run’s', '0')
    .option('--max-failed-sessions <n>', 'how many sessions may fail (not generated or not scored)', '0')
    .option('--baseline <runId>', 'compare each metric’s mean with this run')
    .option('--junit <file>', 'also write the verdict as JUnit XML (per metric and per test case)')
    .option('--timeout <seconds>', 'give up waiting after this long', '1800')
    .action(async (options: RunOptions) => {
      const rules = rulesOf(options);
      const timeoutMs = count(options.timeout, '--timeout') * 1000;
      const client = await connect();
      const version = required(
        await client.api.GET('/versions/{id}', { params: { path: { id: options.version } } }),
        'the version',
      );
      const run = await openRun(client, {
        productId: version.productId,
        versionId: options.version,
        customId: options.customId,
      });
      if (run.reused) io.print(`Run ${run.id} (custom id ${options.customId}) reused: it was open with no launch`);
      const launched = await launch(client, run.id, options);
      io.print(`Run ${run.id}: launch ${launched.launchId} started`);
      const ended = await waitForLaunch(client, run.id, launched.launchId, timeoutMs, io.interactive);
      const closed = required(
        await client.api.POST('/runs/{id}/close', { params: { path: { id: run.id } } }),
        'closing the run',
      );

      const outcome = await readOutcome(client, run.id, ended, {
        sessionIds: options.sessions ?? [],
        refused: launched.refused,
      });
      const names = new Map<string, string>();
      const metricIds = [...new Set(outcome.evaluations.map((evaluation) => evaluation.metricId))];
      if (metricIds.length)
        for await (const metric of client.listAll('/metrics', { ids: metricIds }, 1000))
          names.set(metric.id, metric.name);
      const rows = gate(outcome.evaluations, names, await baselineOf(client, options.baseline), rules);
      io.print(summary(rows, outcome, closed));
      if (options.junit)
        await writeFile(
          options.junit,
          junit(run.id, rows, testCaseResults(outcome, names, rules), nothingToGateOn(outcome)),
        );
      const failures = gateFailures(rows, outcome, rules);
      if (failures.length) throw new CliError(`Gate failed: ${failures.join('; ')}`, EXIT.gateFailed);
      io.print(`Gate passed: ${rows.length} metric${rows.length === 1 ? '' : 's'} at or above ${rules.minScore}`);
    });
}
