import test from 'ava';
import type { RunView, LaunchView } from '../../application/run/run-views.ts';
import { fieldNames } from '../support/field-names.ts';
import { tenantWithFixture } from '../support/evaluation-tenant.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { evaluateSession, evaluateSessions, openRun, runEnded } from '../support/run-fixtures.ts';

// Opening runs (fields, validation, ordinals) and listing them.
for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('POST /runs opens a CALLER run with the spec fields; GET shows its launches, lists never do'),
    async (t) => {
      const { tenant, fixture } = await tenantWithFixture(world());
      const created = await tenant.member.post('/runs', {
        productId: fixture.product.id,
        versionId: fixture.version.id,
        customId: ' ci-1 ',
      });
      t.is(created.status, 201, JSON.stringify(created.body));
      t.true(created.body.id.startsWith('run_'));
      t.like(created.body, {
        productId: fixture.product.id,
        versionId: fixture.version.id,
        userId: tenant.memberId,
        ordinal: 1,
        customId: 'ci-1',
        relaunchedFromRunId: null,
        openedBy: 'CALLER',
        status: 'RUNNING',
        evaluationCount: 0,
        sessionCount: 0,
        finishedAt: null,
        deletedAt: null,
      });
      const runFields = fieldNames<RunView, 'organizationId' | 'version'>()([
        'cost',
        'createdAt',
        'customId',
        'deletedAt',
        'evaluationCount',
        'finishedAt',
        'id',
        'inputTokens',
        'openedBy',
        'ordinal',
        'outputTokens',
        'productId',
        'relaunchedFromRunId',
        'sessionCount',
        'status',
        'userId',
        'versionId',
      ]);
      t.deepEqual(Object.keys(created.body).sort(), runFields);
      const read = await tenant.member.get(`/runs/${created.body.id}`);
      t.deepEqual(read.body, { ...created.body, launches: [] });
      const launched = await evaluateSession(tenant.member, {
        sessionId: fixture.sessions.a.id,
        runId: created.body.id,
      });
      t.is(launched.status, 201);
      const [launch] = (await tenant.member.get(`/runs/${created.body.id}`)).body.launches;
      t.deepEqual(
        Object.keys(launch).sort(),
        fieldNames<LaunchView, 'organizationId' | 'relaunchedFromLaunchId' | 'deletedAt' | 'version'>()([
          'createdAt',
          'error',
          'evaluationCount',
          'finishedAt',
          'id',
          'kind',
          'progress',
          'request',
          'runId',
          'sessionCount',
          'startedAt',
          'status',
        ]),
      );
      t.like(launch, { runId: created.body.id, kind: 'EVALUATE_SESSION', evaluationCount: 2, sessionCount: 1 });
      t.deepEqual(launch.request, { sessionId: fixture.sessions.a.id, runId: created.body.id });
      const listed = await tenant.member.get('/runs', { ids: created.body.id });
      t.deepEqual(Object.keys(listed.body[0]).sort(), runFields, 'lists never carry launches');
      t.like(listed.body[0], { evaluationCount: 2, sessionCount: 1 });
    },
  );

  test(title('POST /runs: invalid input is 400, an unknown product or version 404, a live customId 409'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(world());
    const otherProduct = (await tenant.owner.post('/products', { name: `Other ${Date.now()}` })).body;
    const otherVersion = (await tenant.owner.post('/versions', { productId: otherProduct.id })).body;
    const wrongVersion = await tenant.owner.post('/runs', {
      productId: fixture.product.id,
      versionId: otherVersion.id,
    });
    t.is(wrongVersion.status, 400);
    t.is(wrongVersion.body.issues[0].path, 'versionId');
    t.is((await tenant.owner.post('/runs', {})).status, 400);
    t.is((await tenant.owner.post('/runs', { productId: fixture.product.id, status: 'COMPLETED' })).status, 400);
    t.is((await tenant.owner.post('/runs', { productId: fixture.product.id, customId: 'x'.repeat(256) })).status, 400);
    t.is((await tenant.owner.post('/runs', { productId: 'product_nope' })).status, 404);
    t.is((await tenant.owner.post('/runs', { productId: fixture.product.id, versionId: 'version_nope' })).status, 404);
    const first = await tenant.owner.post('/runs', { productId: fixture.product.id, customId: 'nightly' });
    t.is(first.status, 201);
    const clash = await tenant.owner.post('/runs', { productId: fixture.product.id, customId: 'nightly' });
    t.is(clash.status, 409);
    t.is(clash.body.error, 'conflict');
    t.regex(clash.body.message, /nightly/);
    t.is((await tenant.owner.post('/runs', { productId: otherProduct.id, customId: 'nightly' })).status, 201);
    t.is((await tenant.owner.delete(`/runs/${first.body.id}`)).status, 200);
    t.is((await tenant.owner.post('/runs', { productId: fixture.product.id, customId: 'nightly' })).status, 201);
  });

  test(
    title('50 parallel POST /runs on one product get ordinals 1..50; a deleted run’s ordinal is never reused'),
    async (t) => {
      const tenant = await createTenant(world());
      const product = (await tenant.owner.post('/products', { name: `Busy ${Date.now()}` })).body;
      const responses = await Promise.all(
        Array.from({ length: 50 }, () => tenant.owner.post('/runs', { productId: product.id })),
      );
      t.deepEqual(
        responses.map((response) => response.status),
        Array(50).fill(201),
      );
      t.deepEqual(
        responses.map((response) => response.body.ordinal).sort((a, b) => a - b),
        Array.from({ length: 50 }, (_, index) => index + 1),
      );
      const last = responses.find((response) => response.body.ordinal === 50)!.body;
      t.is((await tenant.owner.delete(`/runs/${last.id}`)).status, 200);
      t.is((await openRun(tenant.owner, { productId: product.id })).ordinal, 51);
    },
  );

  test(title('GET /runs filters and sorts; an unknown sort field is 400'), async (t) => {
    const { tenant, fixture } = await tenantWithFixture(world());
    const caller = (
      await tenant.owner.post('/runs', { productId: fixture.product.id, versionId: fixture.version.id, customId: 'a' })
    ).body;
    const launched = (
      await evaluateSessions(tenant.owner, {
        sessionIds: [fixture.sessions.a.id],
        metrics: [{ id: fixture.metrics.exact.id }],
      })
    ).body;
    const other = (await tenant.owner.post('/products', { name: `Filters ${Date.now()}` })).body;
    const elsewhere = await openRun(tenant.owner, { productId: other.id, customId: 'b' });
    await runEnded(tenant.owner, launched.runId);
    const ids = async (query: Record<string, string | string[]>) =>
      (await tenant.owner.get('/runs', query)).body.map((run: { id: string }) => run.id);
    t.deepEqual(await ids({ productIds: fixture.product.id, sort: 'ordinal,asc' }), [caller.id, launched.runId]);
    t.deepEqual(await ids({ productIds: fixture.product.id, sort: 'ordinal,desc' }), [launched.runId, caller.id]);
    t.deepEqual(await ids({ openedBy: 'LAUNCH' }), [launched.runId]);
    t.deepEqual(await ids({ openedBy: 'CALLER', sort: 'createdAt,asc' }), [caller.id, elsewhere.id]);
    t.deepEqual(await ids({ statuses: 'COMPLETED' }), [launched.runId]);
    t.deepEqual(await ids({ statuses: ['RUNNING'], customIds: ['a', 'b'], sort: 'createdAt,asc' }), [
      caller.id,
      elsewhere.id,
    ]);
    t.deepEqual(await ids({ versionIds: fixture.version.id, sort: 'createdAt,asc' }), [caller.id, launched.runId]);
    t.deepEqual(await ids({ ids: [elsewhere.id, caller.id], sort: 'createdAt,asc' }), [caller.id, elsewhere.id]);
    t.deepEqual(await ids({ ids: caller.id, limit: '1', offset: '1' }), []);
    t.is((await tenant.owner.get('/runs', { sort: 'status,asc' })).status, 400);
    t.is((await tenant.owner.get('/runs', { statuses: 'DONE' })).status, 400);
    t.is((await tenant.owner.get('/runs', { openedBy: 'SOMEONE' })).status, 400);
  });
}
