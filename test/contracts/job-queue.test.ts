import { deliveredOnceEach, eachQueueWorld, evaluation, ORGANIZATION, queuedLaunch, skipped } from './queue-worlds.ts';
import { pendingEvaluation } from '../support/pending-evaluation.ts';
import { startLaunch } from '../../domain/run/launch.ts';

// The JobQueue contract on every queue world: delivery once each, rollback, batches, launches.

eachQueueWorld('committed jobs are delivered once each; rolled-back ones never exist', async (t, world) => {
  const delivered: string[] = [];
  await world.queue.startWorker(
    {
      handle: async (jobs) => {
        for (const job of jobs) {
          delivered.push(job.evaluationId);
          const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
          t.truthy(stored, 'a delivered job always finds its committed row');
          if (stored?.status === 'PENDING') await world.storage.evaluations.update(skipped(stored));
        }
      },
    },
    2,
  );
  await deliveredOnceEach(t, world, delivered, {
    ids: ['evaluation_a', 'evaluation_b', 'evaluation_c'],
    rolledBack: 'evaluation_rolled_back',
    store: world.storage.evaluations,
    build: evaluation,
    enqueue: (written) =>
      world.queue.enqueue(written.map((evaluationId) => ({ organizationId: ORGANIZATION, evaluationId }))),
  });
});

eachQueueWorld(
  'launch jobs: committed ones are delivered once each, one per handler call; rolled-back ones never exist',
  async (t, world) => {
    const delivered: string[] = [];
    await world.queue.startLaunchWorker(
      {
        handle: async (jobs) => {
          t.is(jobs.length, 1);
          for (const job of jobs) {
            delivered.push(job.launchId);
            const stored = await world.storage.launches.get(job.organizationId, job.launchId);
            t.truthy(stored, 'a delivered job always finds its committed launch');
            if (stored?.status === 'QUEUED') await world.storage.launches.update(startLaunch(stored, stored.createdAt));
          }
        },
      },
      2,
    );
    await deliveredOnceEach(t, world, delivered, {
      ids: ['launch_a', 'launch_b'],
      rolledBack: 'launch_rolled_back',
      store: world.storage.launches,
      build: queuedLaunch,
      enqueue: (written) =>
        world.queue.enqueueLaunches(written.map((launchId) => ({ organizationId: ORGANIZATION, launchId }))),
    });
  },
);

eachQueueWorld(
  'each job of a batch succeeds or fails alone; one failing every attempt is given up once',
  async (t, world, name) => {
    const handled: string[] = [];
    const attempts = new Map<string, number>();
    const givenUp: { id: string; failure: unknown }[] = [];
    const batches: string[][] = [];
    await world.queue.startWorker(
      {
        handle: async (jobs) => {
          batches.push(jobs.map((job) => job.evaluationId));
          for (const job of jobs)
            if (job.evaluationId === 'evaluation_poison') {
              attempts.set(job.evaluationId, (attempts.get(job.evaluationId) ?? 0) + 1);
              throw new Error('poisoned');
            }
          for (const job of jobs) {
            handled.push(`${job.organizationId}/${job.evaluationId}`);
            const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
            if (stored?.status === 'PENDING') await world.storage.evaluations.update(skipped(stored));
          }
        },
        giveUp: async (job, failure) => {
          givenUp.push({ id: job.evaluationId, failure });
          const stored = await world.storage.evaluations.get(job.organizationId, job.evaluationId);
          if (stored?.status === 'PENDING')
            await world.storage.evaluations.update({ ...stored, status: 'FAILED', canRetry: true, error: 'gave up' });
        },
      },
      1,
    );
    const jobs = [
      { organizationId: 'organization_a', evaluationId: 'evaluation_poison' },
      { organizationId: 'organization_b', evaluationId: 'evaluation_b1' },
      { organizationId: 'organization_b', evaluationId: 'evaluation_b2' },
      { organizationId: 'organization_a', evaluationId: 'evaluation_a1' },
    ];
    await world.storage.uow.transaction(async () => {
      await world.storage.evaluations.insertMany(
        jobs.map((job) => pendingEvaluation({ id: job.evaluationId, organizationId: job.organizationId })),
      );
      await world.queue.enqueue(jobs);
    });
    const deadline = Date.now() + 20_000;
    while (givenUp.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    await new Promise((resolve) => setTimeout(resolve, 700));
    t.deepEqual([...handled].sort(), [
      'organization_a/evaluation_a1',
      'organization_b/evaluation_b1',
      'organization_b/evaluation_b2',
    ]);
    t.true(
      batches.some((batch) => batch.length > 1 && batch.includes('evaluation_poison')),
      'the tenants shared a batch',
    );
    t.deepEqual(
      givenUp.map((entry) => [entry.id, (entry.failure as Error).message]),
      [['evaluation_poison', 'poisoned']],
    );
    const poisoned = await world.storage.evaluations.get('organization_a', 'evaluation_poison');
    t.like(poisoned, { status: 'FAILED', error: 'gave up' });
    const expectedAttempts = name.startsWith('pg-boss') ? 3 : 5;
    // The shared batch fails once for everyone; only the poisoned job's own attempts count towards giving up.
    t.is(attempts.get('evaluation_poison'), expectedAttempts + 1);
  },
);
