import test from 'ava';
import type { RunnableJobQueue } from '../../adapters/queue/job-runner.ts';
import { createPlatform } from '../../bootstrap/library.ts';
import { createTestDatabase } from '../support/databases.ts';
import { pendingEvaluation } from '../support/pending-evaluation.ts';

test('[sqlite] closing the platform lets a scoring job in flight finish on an open database', async (t) => {
  const database = await createTestDatabase('sqlite');
  const platform = await createPlatform({ database: database.url, config: { QUEUE_EMBEDDED_WORKER: false } });
  try {
    const queue = platform.ports.jobQueue as RunnableJobQueue;
    let outcome = 'not run';
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.startWorker(
      {
        handle: async () => {
          started();
          await new Promise((resolve) => setTimeout(resolve, 300));
          outcome = await platform.ports.users.count(null, {}).then(
            () => 'finished',
            (error: Error) => `failed: ${error.message}`,
          );
        },
      },
      1,
    );
    const pending = pendingEvaluation({ id: 'evaluation_s', organizationId: 'organization_s' });
    await platform.ports.evaluations.insert(pending);
    await queue.enqueue([{ organizationId: 'organization_s', evaluationId: pending.id }]);
    await running;
    await platform.close();
    t.is(outcome, 'finished');
  } finally {
    await database.drop();
  }
});

test('[sqlite] closing is bounded by SHUTDOWN_GRACE_MS: a job still running is left PENDING for the next start', async (t) => {
  const database = await createTestDatabase('sqlite');
  const platform = await createPlatform({
    database: database.url,
    config: { QUEUE_EMBEDDED_WORKER: false, SHUTDOWN_GRACE_MS: 200 },
  });
  let release!: () => void;
  try {
    const queue = platform.ports.jobQueue as RunnableJobQueue;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    await queue.startWorker(
      {
        handle: async () => {
          started();
          await new Promise<void>((resolve) => (release = resolve));
        },
      },
      1,
    );
    const pending = pendingEvaluation({ id: 'evaluation_slow', organizationId: 'organization_s' });
    await platform.ports.evaluations.insert(pending);
    await queue.enqueue([{ organizationId: 'organization_s', evaluationId: pending.id }]);
    await running;
    const closing = Date.now();
    await platform.close();
    t.true(Date.now() - closing < 2000, 'the grace bounds the wait for the job');
    const reopened = await createPlatform({ database: database.url, config: { QUEUE_EMBEDDED_WORKER: false } });
    t.is((await reopened.ports.evaluations.get('organization_s', pending.id))?.status, 'PENDING');
    await reopened.close();
  } finally {
    release?.();
    await database.drop();
  }
});
