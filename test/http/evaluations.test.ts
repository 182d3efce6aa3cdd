import test, { type ExecutionContext } from 'ava';
import type { ApiClient } from '../support/api-client.ts';
import { settled, type EvaluationFixture } from '../support/evaluation-fixtures.ts';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import { fieldNames } from '../support/field-names.ts';
import { evaluateSession, evaluateSessions } from '../support/run-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';

/** Launches the evaluation of several sessions, asserting that it answers 200; answers the launch report. */
async function launchReport(t: ExecutionContext, client: ApiClient, body: Record<string, unknown>) {
  const response = await evaluateSessions(client, body);
  t.is(response.status, 200);
  return response.body;
}

for (const { database, world, title } of await databaseWorlds(test)) {
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
    title("fromSession without metrics: only the metrics of the session's own specification, scored by the worker"),
    async (t) => {
      const { tenant, fixture } = await fresh();
      const response = await evaluateSession(tenant.member, { sessionId: fixture.sessions.a.id });
      t.is(response.status, 201);
      t.deepEqual(
        response.body.map((evaluation: any) => evaluation.metricId).sort(),
        [fixture.metrics.exact.id, fixture.metrics.rouge.id].sort(),
      );
      t.true(
        response.body.every(
          (evaluation: any) => evaluation.status === 'PENDING' && evaluation.testCaseId === fixture.testCases.a.id,
        ),
      );
      t.deepEqual(
        Object.keys(response.body[0]).sort(),
        fieldNames<Evaluation, 'organizationId' | 'versionId' | 'version'>()([
          'canRetry',
          'conversationSimulatorVersion',
          'createdAt',
          'creditsUsed',
          'deletedAt',
          'error',
          'evaluatedAt',
          'failedTurns',
          'humanEvaluatorId',
          'humanEvaluatorStartedAt',
          'humanReason',
          'humanScore',
          'id',
          'inferenceResultId',
          'launchId',
          'metricDisabledAt',
          'metricId',
          'metricLegacyAt',
          'reason',
          'runId',
          'score',
          'sessionId',
          'status',
          'testCaseId',
          'userId',
        ]),
      );
      const scored = await settled(tenant.owner, { sessionIds: fixture.sessions.a.id });
      t.is(scored.length, 2);
      for (const evaluation of scored) {
        t.like(evaluation, { status: 'SUCCESS', score: 1, creditsUsed: 0, canRetry: false });
        t.truthy(evaluation.evaluatedAt);
        t.truthy(evaluation.reason);
      }
    },
  );

  test(title('fromSession: a session the rules skip answers 400 with the reason and creates nothing'), async (t) => {
    const { tenant, fixture } = await setup();
    const noMetrics = await evaluateSession(tenant.owner, { sessionId: fixture.sessions.empty.id });
    t.is(noMetrics.status, 400);
    t.is(noMetrics.body.error, 'invalid_input');
    t.regex(noMetrics.body.message, /no linked metrics/);
    const imported = await evaluateSession(tenant.owner, { sessionId: fixture.sessions.imported.id });
    t.is(imported.status, 400);
    t.regex(imported.body.message, /no specification/);
    t.is(imported.body.issues[0].path, 'sessionId', 'the skipped session is what the issue is about');
    const unlisted = await evaluateSession(tenant.owner, {
      sessionId: fixture.sessions.a.id,
      specificationIds: [fixture.specs.b.id],
    });
    t.is(unlisted.status, 400);
    t.regex(unlisted.body.message, /outside the requested specificationIds/);
    t.is(unlisted.body.issues[0].path, 'specificationIds');
    for (const session of [fixture.sessions.empty, fixture.sessions.imported]) {
      t.deepEqual((await tenant.owner.get('/evaluations', { sessionIds: session.id })).body, []);
    }
  });

  test(
    title('a disabled metric creates no evaluations; a session left with none is skipped and says why'),
    async (t) => {
      const { tenant, fixture } = await fresh();
      const { owner } = tenant;
      const disable = (id: string) => owner.patch(`/metrics/${id}`, { disabledAt: '2026-01-01T00:00:00Z' });
      t.is((await disable(fixture.metrics.rouge.id)).status, 200);
      const partly = await evaluateSessions(owner, { sessionIds: [fixture.sessions.a.id] });
      t.is(partly.status, 200, JSON.stringify(partly.body));
      t.is(partly.body.evaluationsCreated, 1);
      t.regex(
        partly.body.message,
        new RegExp(`Disabled or superseded metrics not applied: ${fixture.metrics.rouge.id}`),
      );
      const created = (await owner.get('/evaluations', { sessionIds: fixture.sessions.a.id })).body;
      t.deepEqual(
        created.map((evaluation: Evaluation) => evaluation.metricId),
        [fixture.metrics.exact.id],
      );

      t.is((await disable(fixture.metrics.exact.id)).status, 200);
      const none = await evaluateSessions(owner, {
        sessionIds: [fixture.sessions.a.id, fixture.sessions.imported.id],
        metrics: [{ id: fixture.metrics.exact.id }],
      });
      t.like(none.body, { sessionsEvaluated: 0, evaluationsCreated: 0 });
      t.regex(none.body.message, /2 skipped\. Skipped: 2 only disabled or superseded metrics/);
      const single = await evaluateSession(owner, { sessionId: fixture.sessions.a.id });
      t.is(single.status, 400);
      t.regex(single.body.message, /only disabled or superseded metrics/);
      t.is((await owner.get('/evaluations', { sessionIds: fixture.sessions.a.id })).body.length, 1, 'nothing new');
      t.deepEqual((await owner.get('/evaluations', { sessionIds: fixture.sessions.imported.id })).body, []);
    },
  );

  test(
    title(
      'explicit metrics by id or name, merged and de-duplicated; SELF_HOSTED with a score is SUCCESS at once; unknown metric is 400',
    ),
    async (t) => {
      const { tenant, fixture } = await fresh();
      const unknown = await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.imported.id,
        metrics: [{ id: fixture.metrics.exact.id }, { name: 'no such metric' }],
      });
      t.is(unknown.status, 400);
      t.deepEqual((await tenant.owner.get('/evaluations', { sessionIds: fixture.sessions.imported.id })).body, []);
      const wrongScore = await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.imported.id,
        metrics: [{ id: fixture.metrics.exact.id, score: 0.5 }],
      });
      t.is(wrongScore.status, 400);
      const outOfRange = await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.imported.id,
        metrics: [{ id: fixture.metrics.selfHosted.id, score: 1.5 }],
      });
      t.is(outOfRange.status, 400);
      const response = await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.a.id,
        metrics: [
          { id: fixture.metrics.exact.id },
          { name: fixture.metrics.exact.name },
          { name: fixture.metrics.selfHosted.name, score: 0.25 },
        ],
        specificationIds: [fixture.specs.a.id],
      });
      t.is(response.status, 201);
      t.deepEqual(
        response.body.map((evaluation: any) => evaluation.metricId).sort(),
        [fixture.metrics.exact.id, fixture.metrics.selfHosted.id, fixture.metrics.rouge.id].sort(),
      );
      t.like(
        response.body.find((evaluation: any) => evaluation.metricId === fixture.metrics.selfHosted.id),
        { status: 'SUCCESS', score: 0.25 },
      );
    },
  );

  test(
    title(
      'sources: HUMAN waits for a person, SELF_HOSTED without score and LLM_JUDGE without a model are SKIPPED, a missing param is SKIPPED with the reason',
    ),
    async (t) => {
      const { tenant, fixture } = await fresh();
      const { metrics } = fixture;
      const launched = await evaluateSession(tenant.owner, {
        sessionId: fixture.sessions.imported.id,
        metrics: [
          { id: metrics.human.id },
          { id: metrics.selfHosted.id },
          { id: metrics.llm.id },
          { id: metrics.rouge.id },
        ],
      });
      t.is(launched.status, 201);
      const scored = await settled(tenant.owner, { sessionIds: fixture.sessions.imported.id });
      const of = (metricId: string) => scored.find((evaluation) => evaluation.metricId === metricId);
      t.like(of(metrics.human.id), { status: 'PENDING_HUMAN', evaluatedAt: null });
      t.like(of(metrics.selfHosted.id), { status: 'SKIPPED', canRetry: false, creditsUsed: 0 });
      t.like(of(metrics.llm.id), { status: 'SKIPPED', canRetry: true, creditsUsed: 0 });
      t.regex(of(metrics.llm.id).error, /JUDGE_BASE_URL/);
      t.like(of(metrics.rouge.id), { status: 'SKIPPED', canRetry: false });
      t.regex(of(metrics.rouge.id).error, /expectedOutput/);
    },
  );

  test(title('tool correctness reads TOOL spans; turn-level evaluations come from fromInferenceResult'), async (t) => {
    const { tenant, fixture } = await fresh();
    const response = await tenant.owner.post('/evaluations/fromInferenceResult', {
      inferenceResultId: fixture.sessions.b.results[0].id,
    });
    t.is(response.status, 201);
    t.is(response.body.length, 1);
    t.like(response.body[0], {
      metricId: fixture.metrics.tools.id,
      inferenceResultId: fixture.sessions.b.results[0].id,
      sessionId: fixture.sessions.b.id,
    });
    const [scored] = await settled(tenant.owner, { sessionIds: fixture.sessions.b.id });
    t.like(scored, { status: 'SUCCESS', score: 0.5 });
    t.regex(scored.reason, /missing: book/);
    t.is(
      (await tenant.owner.post('/evaluations/fromInferenceResult', { inferenceResultId: 'inferenceResult_nope' }))
        .status,
      404,
    );
  });

  test(
    title(
      "fromSessions: sessionIds XOR versionId; every scope rule; the spec's response with failures and the skip message",
    ),
    async (t) => {
      const { tenant, fixture } = await fresh();
      const { sessions, specs, metrics } = fixture;
      t.is((await evaluateSessions(tenant.owner, {})).status, 400);
      t.is(
        (await evaluateSessions(tenant.owner, { sessionIds: [sessions.a.id], versionId: fixture.version.id })).status,
        400,
      );
      t.is((await evaluateSessions(tenant.owner, { sessionIds: [sessions.a.id], extra: 1 })).status, 400);
      const all = [sessions.a.id, sessions.b.id, sessions.empty.id, sessions.imported.id];
      const byRule2 = await launchReport(t, tenant.owner, { sessionIds: [...all, 'session_missing'] });
      t.like(byRule2, {
        sessionsEvaluated: 2,
        sessionsFailed: 1,
        evaluationsCreated: 3,
        totalSessionsAvailable: null,
        truncated: false,
      });
      t.deepEqual(byRule2.failures, [{ sessionId: 'session_missing', error: 'Session session_missing not found' }]);
      t.regex(byRule2.message, /2 sessions evaluated .* 1 failed, 2 skipped/);
      t.regex(byRule2.message, /1 no specification/);
      t.regex(byRule2.message, /1 no linked metrics/);
      const byRule3 = await launchReport(t, tenant.owner, { sessionIds: all, specificationIds: [specs.b.id] });
      t.like(byRule3, { sessionsEvaluated: 1, evaluationsCreated: 1, sessionsFailed: 0 });
      t.regex(byRule3.message, /3 skipped\. Skipped: 3 outside the requested specificationIds/);
      const byRule1 = await launchReport(t, tenant.owner, { sessionIds: all, metrics: [{ id: metrics.exact.id }] });
      t.like(byRule1, { sessionsEvaluated: 4, evaluationsCreated: 4 });
      const byRule4 = await launchReport(t, tenant.owner, {
        sessionIds: all,
        metrics: [{ id: metrics.exact.id }],
        specificationIds: [specs.a.id, specs.b.id],
      });
      t.like(byRule4, { sessionsEvaluated: 4, evaluationsCreated: 12 });
      const byVersion = await launchReport(t, tenant.owner, { versionId: fixture.version.id });
      t.like(byVersion, { sessionsEvaluated: 2, totalSessionsAvailable: 4, truncated: false });
      t.is((await evaluateSessions(tenant.owner, { versionId: 'version_nope' })).status, 404);
      const scored = await settled(tenant.owner, { sessionIds: all });
      t.is(scored.length, 3 + 1 + 4 + 12 + 3);
    },
  );

  test(title('versionId mode processes at most the first 1000 sessions and says so'), async (t) => {
    const { tenant, fixture } = await fresh();
    const { ports } = world().platform;
    const template = (await ports.sessions.get(tenant.organizationId, fixture.sessions.a.id))!;
    const base = Date.parse(template.createdAt);
    await ports.sessions.insertMany(
      Array.from({ length: 1000 }, (_, index) => ({
        ...template,
        id: `session_bulk_${database}_${String(index).padStart(4, '0')}`,
        createdAt: new Date(base + 1000 + index).toISOString(),
      })),
    );
    const report = await launchReport(t, tenant.owner, {
      versionId: fixture.version.id,
      metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
    });
    t.like(report, {
      sessionsEvaluated: 1000,
      evaluationsCreated: 1000,
      totalSessionsAvailable: 1004,
      truncated: true,
    });
    t.regex(report.message, /first 1000 of 1004/);
  });

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
