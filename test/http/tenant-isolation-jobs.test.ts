import test from 'ava';
import { createPlatform } from '../../bootstrap/library.ts';
import { NUL_REPLACEMENT } from '../../domain/shared/storable-text.ts';
import type { Metric } from '../../domain/catalog/metric.ts';
import { evaluationFixture, settled } from '../support/evaluation-fixtures.ts';
import { startFakeModel, type FakeModel } from '../support/fake-model.ts';
import { createTenant, httpDatabases, startWorld } from '../support/http-world.ts';

/**
 * One tenant's bad data never stops another tenant's work: scoring jobs of several tenants share a queue batch, yet a
 * job that always throws fails alone, is charged its own attempts only, and ends FAILED with a reason instead of
 * leaving anything PENDING; text from a model with quotes and NUL is stored on every database.
 */
const databases = await httpDatabases();
let starting: Promise<FakeModel> | undefined;
const fakeModel = () => (starting ??= startFakeModel());
test.after.always(async () => (await starting)?.close());

for (const database of databases.filter((name) => name !== 'external')) {
  test(`[${database}] a job that always throws fails alone in a batch shared with another tenant, and ends FAILED`, async (t) => {
    // The API process queues the jobs; a worker started afterwards takes both tenants' jobs in one batch.
    const api = await startWorld(database, { QUEUE_EMBEDDED_WORKER: false });
    let worker: Awaited<ReturnType<typeof createPlatform>> | undefined;
    try {
      const [poisoned, healthy] = [await createTenant(api), await createTenant(api)];
      const [bad, good] = [await evaluationFixture(poisoned.owner), await evaluationFixture(healthy.owner)];
      // Bad data as a bug or an old row could leave it: scoring this metric throws (a TypeError), on every attempt.
      const metric = (await api.platform.ports.metrics.get(poisoned.organizationId, bad.metrics.llm.id)) as Metric;
      await api.platform.ports.metrics.update({ ...metric, evaluationParams: 42 as never });
      const launch = (client: typeof poisoned.owner, fixture: typeof bad) =>
        client.post('/evaluations/fromSessions', {
          sessionIds: [fixture.sessions.a.id, fixture.sessions.empty.id],
          metrics: [{ id: fixture.metrics.llm.id }, { id: fixture.metrics.rouge.id }],
        });
      const launched = [await launch(poisoned.owner, bad), await launch(healthy.owner, good)];
      for (const response of launched) t.is(response.status, 200, JSON.stringify(response.body));

      worker = await createPlatform({
        database: api.platform.config.DATABASE_URL,
        config: {
          QUEUE_EMBEDDED_WORKER: true,
          QUEUE_RETRY_LIMIT: 1,
          JUDGE_BASE_URL: (await fakeModel()).url,
          JUDGE_MODEL: 'judge-small',
          JUDGE_API_KEY: 'sk-test',
          EVALUATION_LLM_JUDGE_CREDITS: 0,
        },
      });
      const healthyScored = await settled(healthy.owner, { launchIds: launched[1].body.launchId }, 30_000);
      t.is(healthyScored.length, 4);
      t.true(healthyScored.every((evaluation) => evaluation.status === 'SUCCESS'));

      const poisonedScored = await settled(poisoned.owner, { launchIds: launched[0].body.launchId }, 30_000);
      t.is(poisonedScored.length, 4);
      for (const evaluation of poisonedScored) {
        if (evaluation.metricId === bad.metrics.rouge.id) t.is(evaluation.status, 'SUCCESS');
        else {
          t.like(evaluation, { status: 'FAILED', canRetry: true, score: null });
          t.regex(evaluation.error, /^Scoring failed on every attempt: an internal error/);
        }
      }
      // Nothing is left PENDING, so the launch settles (just after the evaluation is written).
      const deadline = Date.now() + 5_000;
      const launchStatus = async () =>
        (await api.platform.ports.launches.get(poisoned.organizationId, launched[0].body.launchId))?.status;
      while ((await launchStatus()) !== 'COMPLETED' && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 50));
      t.is(await launchStatus(), 'COMPLETED');
    } finally {
      await worker?.close();
      await api.close();
    }
  });
}

for (const database of ['memory' as const, ...databases.filter((name) => name !== 'external')]) {
  test(`[${database}] a model's reason with quotes and NUL scores; NUL is stored as U+FFFD`, async (t) => {
    const world = await startWorld(database, {
      JUDGE_BASE_URL: (await fakeModel()).url,
      JUDGE_MODEL: 'judge-small',
      JUDGE_API_KEY: 'sk-test',
    });
    try {
      const tenant = await createTenant(world);
      const fixture = await evaluationFixture(tenant.owner);
      const metric = await tenant.owner.post('/metrics', {
        name: 'quoting judge',
        source: 'LLM_JUDGE',
        judgePrompt: 'MODE:nul Is it right?',
        evaluationParams: ['input', 'actualOutput'],
      });
      const session = await tenant.owner.post('/sessions', { versionId: fixture.version.id });
      await tenant.owner.post('/inferenceResults', {
        sessionId: session.body.id,
        input: `It's "quoted" \\ and '; --`,
        output: `O'Reilly's answer: "yes"`,
      });
      const launched = await tenant.owner.post('/evaluations/fromSessions', {
        sessionIds: [session.body.id],
        metrics: [{ id: metric.body.id }],
      });
      t.is(launched.status, 200, JSON.stringify(launched.body));
      const [evaluation] = await settled(tenant.owner, { sessionIds: session.body.id });
      t.like(evaluation, {
        status: 'SUCCESS',
        score: 0.6,
        reason: `O'Brien said "fine"${NUL_REPLACEMENT}; DROP TABLE evaluations; --`,
      });
    } finally {
      await world.close();
    }
  });
}
