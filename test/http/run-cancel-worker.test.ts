import test from 'ava';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
import { startFakeModel } from '../support/fake-model.ts';
import { postgresAvailable } from '../support/databases.ts';
import { createTenant, startWorld } from '../support/http-world.ts';

const until = async (condition: () => boolean, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

((await postgresAvailable()) ? test : test.skip)(
  '[postgres] cancel while a pg-boss worker is scoring: nothing is scored after the cancel answered, nothing stays PENDING',
  async (t) => {
    t.timeout(60_000);
    // The first judge call answers at once, every later one after 3 s: the second is in flight when we cancel.
    const model = await startFakeModel((_, index) => (index === 0 ? 'ok' : 'slow'));
    const world = await startWorld('postgres', {
      JUDGE_BASE_URL: model.url,
      JUDGE_MODEL: 'judge',
      WORKER_CONCURRENCY: 1,
      QUEUE_BATCH_SIZE: 1,
    });
    try {
      const tenant = await createTenant(world);
      const fixture = await evaluationFixture(tenant.owner);
      await world.admin.patch(`/organizations/${tenant.organizationId}`, {
        remainingSubscriptionCredits: 0,
        extraCredits: 10,
      });
      const sessions = [fixture.sessions.a.id, fixture.sessions.b.id, fixture.sessions.empty.id];
      const launch = (
        await tenant.owner.post('/evaluations/fromSessions', {
          sessionIds: sessions,
          metrics: [{ id: fixture.metrics.llm.id }],
        })
      ).body;
      t.like(launch, { evaluationsCreated: 3 });

      await until(() => model.requests.length === 2);
      const cancel = await tenant.owner.post(`/runs/${launch.runId}/launches/${launch.launchId}/cancel`);
      const answeredAt = new Date().toISOString();
      t.is(cancel.status, 200);
      t.like(cancel.body, { status: 'CANCELLED' });
      t.like(cancel.body.launches[0], { status: 'CANCELLED' });

      await new Promise((resolve) => setTimeout(resolve, 4_000)); // the held call answers meanwhile
      const evaluations = await settled(tenant.owner, { launchIds: launch.launchId });
      const scored = evaluations.filter((evaluation) => evaluation.status === 'SUCCESS');
      t.is(scored.length, 1, 'only the evaluation scored before the cancel');
      t.true(scored[0].evaluatedAt < answeredAt);
      const skipped = evaluations.filter((evaluation) => evaluation.status === 'SKIPPED');
      t.is(skipped.length, 2, 'the one in flight and the one not started');
      for (const evaluation of skipped)
        t.like(evaluation, { error: 'launch cancelled', canRetry: true, creditsUsed: 0, score: null });
      t.is(model.requests.length, 2, 'no judge call for the evaluation still queued');
      t.like((await tenant.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).body, {
        extraCredits: 9,
      });
      t.like((await tenant.owner.get(`/runs/${launch.runId}`)).body, { status: 'CANCELLED', evaluationCount: 3 });
    } finally {
      await world.close();
      await model.close();
    }
  },
);
