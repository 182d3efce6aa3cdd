import test from 'ava';
import { settled, type EvaluationFixture } from '../support/evaluation-fixtures.ts';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import { evaluateSession, evaluateSessions } from '../support/run-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';

// Evaluations once made: lists and their filters, retry, read and delete, tenancy, credit status, validation.
for (const { world, title } of await databaseWorlds(test)) {
  let shared: Promise<{ tenant: Tenant; fixture: EvaluationFixture }> | undefined;
  const setup = () => (shared ??= tenantWithFixture(world()));
  const fresh = () => tenantWithFixture(world());
  /**
   * A fresh fixture whose imported session was scored by the LLM judge (SKIPPED, no model: retryable), a SELF_HOSTED
   * score 0.2 and a HUMAN metric, and session A by a SELF_HOSTED score 0.9; `byStatus` lists the SUCCESS ones by score.
   */
  const listScene = async () => {
    const { tenant, fixture } = await fresh();
    const { metrics, sessions } = fixture;
    await evaluateSession(tenant.owner, {
      sessionId: sessions.imported.id,
      metrics: [{ id: metrics.llm.id }, { id: metrics.selfHosted.id, score: 0.2 }, { id: metrics.human.id }],
    });
    await evaluateSession(tenant.owner, {
      sessionId: sessions.a.id,
      metrics: [{ id: metrics.selfHosted.id, score: 0.9 }],
    });
    await settled(tenant.owner, {});
    const byStatus = await tenant.owner.get('/evaluations', { statuses: ['SUCCESS'], sort: 'score,desc' });
    const retryable = await tenant.owner.get('/evaluations', { canRetry: 'true' });
    return { tenant, fixture, byStatus, retryable };
  };
  /** The scene the read-only list cases share. */
  let listed: ReturnType<typeof listScene> | undefined;
  const sharedListScene = () => (listed ??= listScene());

  test(
    title('list: filters by status, score range, retryability, metric, version and test case; sorts by score'),
    async (t) => {
      const { tenant, fixture, byStatus, retryable } = await sharedListScene();
      const { metrics } = fixture;
      t.deepEqual(
        byStatus.body.map((evaluation: any) => evaluation.score),
        [0.9, 0.2],
      );
      const ranged = await tenant.owner.get('/evaluations', { minScore: 0.5, maxScore: 1 });
      t.deepEqual(
        ranged.body.map((evaluation: any) => evaluation.score),
        [0.9],
      );
      t.is(retryable.body.length, 1);
      t.is(retryable.body[0].metricId, metrics.llm.id);
      t.is(
        (
          await tenant.owner.get('/evaluations', {
            metricIds: metrics.human.id,
            versionIds: fixture.version.id,
            testCaseIds: fixture.testCases.a.id,
          })
        ).body.length,
        0,
      );
      t.is(
        (await tenant.owner.get('/evaluations', { metricIds: metrics.human.id, versionIds: fixture.version.id })).body
          .length,
        1,
      );
    },
  );

  test(title('list: unknown statuses, sort fields and filters are 400'), async (t) => {
    const { tenant } = await setup();
    t.is((await tenant.owner.get('/evaluations', { statuses: 'NOPE' })).status, 400);
    t.is((await tenant.owner.get('/evaluations', { sort: 'metricId,asc' })).status, 400);
    t.is((await tenant.owner.get('/evaluations', { color: 'red' })).status, 400);
  });

  test(title('retry: puts back what may be retried and reports the rest; an empty list is 400'), async (t) => {
    const { tenant, byStatus, retryable } = await listScene();
    const success = byStatus.body[0];
    const retried = await tenant.owner.post('/evaluations/retry', {
      ids: [retryable.body[0].id, success.id, 'evaluation_nope'],
    });
    t.is(retried.status, 200);
    t.deepEqual(retried.body, {
      retried: [retryable.body[0].id],
      skipped: [success.id],
      errors: [{ id: 'evaluation_nope', error: 'Evaluation evaluation_nope not found' }],
    });
    const again = await settled(tenant.owner, { ids: retryable.body[0].id });
    t.like(again[0], { status: 'SKIPPED', canRetry: true });
    t.is((await tenant.owner.post('/evaluations/retry', { ids: [] })).status, 400);
  });

  test(title('read and delete: a deleted evaluation is gone from reads and lists'), async (t) => {
    const { tenant, byStatus } = await listScene();
    const success = byStatus.body[0];
    const read = await tenant.member.get(`/evaluations/${success.id}`);
    t.is(read.status, 200);
    t.is(read.body.id, success.id);
    const deleted = await tenant.member.delete(`/evaluations/${success.id}`);
    t.is(deleted.status, 200);
    t.is(deleted.body.id, success.id);
    t.truthy(deleted.body.deletedAt);
    t.is((await tenant.owner.get(`/evaluations/${success.id}`)).status, 404);
    t.false((await tenant.owner.get('/evaluations', {})).body.some((evaluation: any) => evaluation.id === success.id));
  });

  test(title("tenancy: another organization's evaluations, sessions and credit status answer 404"), async (t) => {
    const { tenant, fixture } = await setup();
    const other = await createTenant(world());
    const [mine] = (
      await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.a.id,
        metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
      })
    ).body;
    t.is((await other.owner.get(`/evaluations/${mine.id}`)).status, 404);
    t.is((await other.owner.delete(`/evaluations/${mine.id}`)).status, 404);
    t.deepEqual((await other.owner.get('/evaluations', { ids: mine.id })).body, []);
    t.deepEqual((await other.owner.post('/evaluations/retry', { ids: [mine.id] })).body.errors.length, 1);
    t.is((await evaluateSession(other.owner, { sessionId: fixture.sessions.a.id })).status, 404);
    const batch = await evaluateSessions(other.owner, { sessionIds: [fixture.sessions.a.id] });
    t.is(batch.status, 400, 'no session of the request exists for the caller: there is nothing to launch');
    t.regex(batch.body.message, /none of them exists/);
    t.is(
      (
        await evaluateSession(other.owner, {
          sessionId: (await other.owner.post('/sessions', { versionId: fixture.version.id })).body.id ?? 'x',
        })
      ).status,
      404,
    );
    t.is((await other.owner.get(`/organizations/${tenant.organizationId}/creditStatus`)).status, 404);
    t.is((await tenant.owner.get(`/evaluations/${mine.id}`)).status, 200);
  });

  test(title("creditStatus reports the balance; an ADMIN reads any organization's"), async (t) => {
    const { tenant } = await setup();
    await world().admin.patch(`/organizations/${tenant.organizationId}`, {
      remainingSubscriptionCredits: 5,
      extraCredits: 2,
    });
    const status = await tenant.member.get(`/organizations/${tenant.organizationId}/creditStatus`);
    t.is(status.status, 200);
    t.deepEqual(status.body, {
      organizationId: tenant.organizationId,
      remainingSubscriptionCredits: 5,
      extraCredits: 2,
      availableCredits: 7,
      llmJudgeEvaluationCost: 1,
    });
    t.is((await world().admin.get(`/organizations/${tenant.organizationId}/creditStatus`)).status, 200);
  });

  test(title('validation: unknown fields, empty metric choices and oversize id lists are 400'), async (t) => {
    const { tenant, fixture } = await setup();
    for (const body of [
      { sessionId: fixture.sessions.a.id, colour: 'red' },
      { sessionId: fixture.sessions.a.id, metrics: [{}] },
      { sessionId: fixture.sessions.a.id, metrics: [{ id: 'x', extra: 1 }] },
      { sessionId: '' },
      {},
    ]) {
      const response = await evaluateSession(tenant.owner, body);
      t.is(response.status, 400, JSON.stringify(body));
      t.is(response.body.error, 'invalid_input');
    }
    const tooMany = await evaluateSessions(tenant.owner, {
      sessionIds: Array.from({ length: 1001 }, (_, index) => `session_${index}`),
    });
    t.is(tooMany.status, 400);
  });
}
