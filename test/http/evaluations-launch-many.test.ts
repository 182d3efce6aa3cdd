import test, { type ExecutionContext } from 'ava';
import type { ApiClient } from '../support/api-client.ts';
import { settled } from '../support/evaluation-fixtures.ts';
import { databaseWorlds } from '../support/http-world.ts';
import { evaluateSession, evaluateSessions } from '../support/run-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';

/** Launches the evaluation of several sessions, asserting that it answers 200; answers the launch report. */
async function launchReport(t: ExecutionContext, client: ApiClient, body: Record<string, unknown>) {
  const response = await evaluateSessions(client, body);
  t.is(response.status, 200);
  return response.body;
}

// Evaluation sources, tool correctness and launching over many sessions (sessionIds or a version).
for (const { database, world, title } of await databaseWorlds(test)) {
  const fresh = () => tenantWithFixture(world());

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
}
