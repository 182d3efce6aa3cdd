import test from 'ava';
import { settled, type EvaluationFixture } from '../support/evaluation-fixtures.ts';
import { databaseWorlds, type Tenant } from '../support/http-world.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import { fieldNames } from '../support/field-names.ts';
import { evaluateSession, evaluateSessions } from '../support/run-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';

// Launching evaluations of one session: which metrics apply, what is skipped and why.
for (const { world, title } of await databaseWorlds(test)) {
  let shared: Promise<{ tenant: Tenant; fixture: EvaluationFixture }> | undefined;
  const setup = () => (shared ??= tenantWithFixture(world()));
  const fresh = () => tenantWithFixture(world());

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
          'monitorId',
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
}
