import test from 'ava';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { evaluateSession, evaluateSessions, launchesEnded, openRun } from '../support/run-fixtures.ts';

// What a run covers: sessions naming it, products it may span, tenancy, and the cascade of a delete.
for (const { world, title } of await databaseWorlds(test)) {
  test(title('sessions may name a RUNNING run the caller opened, for their product and version'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(world());
    const run = await openRun(tenant.owner, { productId: fixture.product.id, versionId: fixture.version.id });
    const session = await tenant.owner.post('/sessions', { versionId: fixture.version.id, runId: run.id });
    t.is(session.status, 201);
    t.like(session.body, { runId: run.id, isProduction: false });
    const production = await tenant.owner.post('/sessions', {
      versionId: fixture.version.id,
      runId: run.id,
      isProduction: true,
    });
    t.is(production.status, 400);
    t.is(production.body.issues[0].path, 'runId');
    t.is((await tenant.owner.post('/sessions', { versionId: fixture.version.id, runId: 'run_nope' })).status, 404);
    const v2 = (await tenant.owner.post('/versions', { productId: fixture.product.id })).body;
    const otherVersion = await tenant.owner.post('/sessions', { versionId: v2.id, runId: run.id });
    t.is(otherVersion.status, 409);
    t.regex(otherVersion.body.message, /version/);
    const product = (await tenant.owner.post('/products', { name: `Sessions ${Date.now()}` })).body;
    const foreignVersion = (await tenant.owner.post('/versions', { productId: product.id })).body;
    const otherProduct = await tenant.owner.post('/sessions', { versionId: foreignVersion.id, runId: run.id });
    t.is(otherProduct.status, 409);
    t.regex(otherProduct.body.message, /product/);
    const launched = (
      await evaluateSession(tenant.owner, {
        sessionId: session.body.id,
        metrics: [{ id: fixture.metrics.selfHosted.id, score: 1 }],
      })
    ).body;
    t.not(launched[0].runId, run.id, 'without runId a request opens its own run, whatever run its session names');
    const intoLaunchRun = await tenant.owner.post('/sessions', {
      versionId: fixture.version.id,
      runId: launched[0].runId,
    });
    t.is(intoLaunchRun.status, 409);
    t.regex(intoLaunchRun.body.message, /opened by a launch/);
    t.is((await tenant.owner.post(`/runs/${run.id}/close`)).status, 200);
    t.is((await tenant.owner.post('/sessions', { versionId: fixture.version.id, runId: run.id })).status, 409);
    const outsider = await createTenant(world());
    const outsiderVersion = (
      await outsider.owner.post('/versions', {
        productId: (await outsider.owner.post('/products', { name: `Outsider ${Date.now()}` })).body.id,
      })
    ).body;
    t.is((await outsider.owner.post('/sessions', { versionId: outsiderVersion.id, runId: run.id })).status, 404);
  });

  test(title('fromSessions over sessions of two products is 400 naming both; nothing is launched'), async (t) => {
    const tenant = await createTenant(world());
    const one = await evaluationFixture(tenant.owner);
    const two = await evaluationFixture(tenant.owner);
    const response = await evaluateSessions(tenant.owner, {
      sessionIds: [one.sessions.a.id, two.sessions.a.id],
      metrics: [{ id: one.metrics.exact.id }],
    });
    t.is(response.status, 400);
    t.is(response.body.issues[0].path, 'sessionIds');
    t.regex(response.body.message, new RegExp(one.product.id));
    t.regex(response.body.message, new RegExp(two.product.id));
    t.deepEqual((await tenant.owner.get('/runs')).body, []);
  });

  test(title('tenancy: another organization’s run, launch and evaluations answer 404 on every route'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(world());
    const run = await openRun(tenant.owner, { productId: fixture.product.id });
    const report = (
      await evaluateSessions(tenant.owner, {
        runId: run.id,
        sessionIds: [fixture.sessions.a.id],
        metrics: [{ id: fixture.metrics.human.id }],
      })
    ).body;
    const other = await createTenant(world());
    const otherFixture = await evaluationFixture(other.owner);
    const foreign = [
      other.owner.get(`/runs/${run.id}`),
      other.owner.delete(`/runs/${run.id}`),
      other.owner.post(`/runs/${run.id}/close`),
      other.owner.post(`/runs/${run.id}/relaunch`, {}),
      other.owner.post(`/runs/${run.id}/launches/${report.launchId}/cancel`),
      other.owner.get(`/runs/${run.id}/metricSummary`),
      evaluateSession(other.owner, { sessionId: otherFixture.sessions.a.id, runId: run.id }),
      evaluateSessions(other.owner, { sessionIds: [otherFixture.sessions.a.id], runId: run.id }),
    ];
    for (const response of await Promise.all(foreign)) t.is(response.status, 404, JSON.stringify(response.body));
    const ownRun = await openRun(other.owner, { productId: otherFixture.product.id });
    t.is((await other.owner.post(`/runs/${ownRun.id}/launches/${report.launchId}/cancel`)).status, 404);
    t.deepEqual((await other.owner.get('/runs', { ids: run.id })).body, []);
    t.deepEqual((await other.owner.get('/evaluations', { runIds: run.id })).body, []);
    t.deepEqual((await other.owner.get('/evaluations', { launchIds: report.launchId })).body, []);
    const mine = await tenant.owner.get(`/runs/${run.id}`);
    t.like(mine.body, { status: 'RUNNING', evaluationCount: 1 });
    t.not(mine.body.launches[0].status, 'CANCELLED', 'the other organization’s cancel touched nothing');
  });

  test(
    title('DELETE /runs/{id}: cascade to its evaluations, open launches cancelled, sessions kept, 404 after'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(world());
      const run = await openRun(tenant.owner, { productId: fixture.product.id, customId: 'gone' });
      const report = (
        await evaluateSessions(tenant.owner, {
          runId: run.id,
          sessionIds: [fixture.sessions.a.id, fixture.sessions.b.id],
          metrics: [{ id: fixture.metrics.human.id }, { id: fixture.metrics.selfHosted.id, score: 0.5 }],
        })
      ).body;
      t.like(report, { runId: run.id, evaluationsCreated: 4 });
      const kept = (
        await evaluateSession(tenant.owner, {
          sessionId: fixture.sessions.a.id,
          metrics: [{ id: fixture.metrics.exact.id }],
        })
      ).body;
      const deleted = await tenant.owner.delete(`/runs/${run.id}`);
      t.is(deleted.status, 200);
      t.deepEqual(Object.keys(deleted.body).sort(), ['deletedAt', 'id']);
      t.is(deleted.body.id, run.id);
      for (const response of await Promise.all([
        tenant.owner.get(`/runs/${run.id}`),
        tenant.owner.delete(`/runs/${run.id}`),
        tenant.owner.post(`/runs/${run.id}/close`),
        tenant.owner.post(`/runs/${run.id}/relaunch`),
        tenant.owner.post(`/runs/${run.id}/launches/${report.launchId}/cancel`),
        tenant.owner.get(`/runs/${run.id}/metricSummary`),
        evaluateSession(tenant.owner, { sessionId: fixture.sessions.a.id, runId: run.id }),
      ]))
        t.is(response.status, 404, JSON.stringify(response.body));
      t.deepEqual((await tenant.owner.get('/runs', { ids: run.id })).body, []);
      t.deepEqual((await tenant.owner.get('/evaluations', { runIds: run.id })).body, []);
      t.deepEqual((await tenant.owner.get('/evaluations', { sessionIds: fixture.sessions.b.id })).body, []);
      t.is((await tenant.owner.get(`/sessions/${fixture.sessions.b.id}`)).status, 200);
      t.is((await tenant.owner.get('/evaluations', { ids: kept[0].id })).body.length, 1, 'another run is untouched');
      const again = await openRun(tenant.owner, { productId: fixture.product.id, customId: 'gone' });
      t.is(again.ordinal, 3, 'ordinals 1 (deleted) and 2 (the other launch) are not handed out again');
      await launchesEnded(tenant.owner, kept[0].runId);
    },
  );
}
