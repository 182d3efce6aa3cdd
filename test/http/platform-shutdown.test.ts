import test from 'ava';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import { createPlatform } from '../../bootstrap/library.ts';
import { createEvaluation } from '../../domain/evaluation/evaluation.ts';
import { createTestDatabase } from '../support/databases.ts';

test('[sqlite] closing the platform lets a scoring job in flight finish on an open database', async (t) => {
  const database = await createTestDatabase('sqlite');
  const platform = await createPlatform({ database: database.url, config: { QUEUE_EMBEDDED_WORKER: false } });
  try {
    const queue = platform.ports.jobQueue as RunnableJobQueue;
    let outcome = 'not run';
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.startWorker(async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      outcome = await platform.ports.users.count(null, {}).then(
        () => 'finished',
        (error: Error) => `failed: ${error.message}`,
      );
    }, 1);
    const pending = createEvaluation(
      {
        id: 'evaluation_s',
        organizationId: 'organization_s',
        metricId: 'metric_1',
        sessionId: 'session_1',
        userId: null,
        testCaseId: null,
        inferenceResultId: null,
        runId: null,
        versionId: null,
        metricLegacyAt: null,
        metricDisabledAt: null,
      },
      new Date().toISOString(),
    );
    await platform.ports.evaluations.insert(pending);
    await queue.enqueue([{ organizationId: 'organization_s', evaluationId: pending.id }]);
    await running;
    await platform.close();
    t.is(outcome, 'finished');
  } finally {
    await database.drop();
  }
});
