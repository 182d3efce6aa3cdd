import test from 'ava';
import { createTenant, databaseWorlds, type HttpWorld, type Tenant } from '../support/http-world.ts';
import { sample } from '../support/prometheus-text.ts';
import { createVersionFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

const DAY_MS = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

async function created(response: Promise<{ status: number; body: any }>, what: string): Promise<string> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body.id as string;
}

/** A session of the tenant with one inference result per list of span start times (null: a span without one). */
async function sessionWithSpans(world: HttpWorld, tenant: Tenant, results: readonly (readonly (string | null)[])[]) {
  const versionId = await createVersionFor(world, tenant);
  const sessionId = await created(tenant.member.post('/sessions', { versionId }), 'session');
  const turns = [];
  for (const starts of results) {
    const inferenceResultId = await created(
      tenant.member.post('/inferenceResults', { sessionId, input: 'q', output: 'a' }),
      'inference result',
    );
    const spans = starts.map((startTime) => ({
      id: uniqueSpanId('retention'),
      inferenceResultId,
      name: 'step',
      ...(startTime ? { startTime } : {}),
    }));
    const response = await postSpans(tenant.member, spans);
    if (response.status !== 201) throw new Error(`spans: ${response.status} ${JSON.stringify(response.body)}`);
    turns.push({ inferenceResultId, spanIds: spans.map((span) => span.id) });
  }
  return { sessionId, turns };
}

/** A SUCCESS evaluation of the inference result, scored by a self-hosted metric (no worker involved). */
async function evaluate(tenant: Tenant, inferenceResultId: string): Promise<string> {
  const metricId = await created(
    tenant.owner.post('/metrics', { name: `self ${Math.random().toString(36).slice(2)}`, source: 'SELF_HOSTED' }),
    'metric',
  );
  const response = await tenant.owner.post('/evaluations/fromInferenceResult', {
    inferenceResultId,
    metrics: [{ id: metricId, score: 0.5 }],
  });
  if (response.status !== 201) throw new Error(`evaluation: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body[0].id as string;
}

const status = async (client: Tenant['owner'], path: string) => (await client.get(path)).status;

for (const { world, title } of await databaseWorlds(test, { SWEEP_CHUNK_ROWS: 2 })) {
  test.serial(
    title('traceRetentionDays: null by default, set and cleared by OWNER and ADMIN, never by a MEMBER'),
    async (t) => {
      const tenant = await createTenant(world());
      const path = `/organizations/${tenant.organizationId}`;
      t.is((await tenant.owner.get(path)).body.traceRetentionDays, null);
      const set = await tenant.owner.patch(path, { traceRetentionDays: 30 });
      t.is(set.status, 200, JSON.stringify(set.body));
      t.is(set.body.traceRetentionDays, 30);
      t.is((await tenant.member.get(path)).body.traceRetentionDays, 30);
      t.is((await world().admin.patch(path, { traceRetentionDays: 3650 })).body.traceRetentionDays, 3650);
      const member = await tenant.member.patch(path, { traceRetentionDays: 1 });
      t.is(member.status, 403);
      t.is(member.body.error, 'forbidden');
      for (const bad of [0, 3651, 1.5, -1, '7', true]) {
        const refused = await tenant.owner.patch(path, { traceRetentionDays: bad });
        t.is(refused.status, 400, `traceRetentionDays ${JSON.stringify(bad)}`);
        t.is(refused.body.error, 'invalid_input');
        t.is(refused.body.issues?.[0]?.path, 'traceRetentionDays');
      }
      t.is((await tenant.owner.patch(path, { traceRetentionDays: null })).body.traceRetentionDays, null);
      const other = await createTenant(world());
      t.is(
        (await other.owner.patch(path, { traceRetentionDays: 5 })).status,
        404,
        "another organization's is not found",
      );
      const made = await world().admin.post('/organizations', { name: `Kept ${Date.now()}`, traceRetentionDays: 90 });
      t.is(made.status, 201);
      t.is(made.body.traceRetentionDays, 90);
    },
  );

  test.serial(title('POST /maintenance/sweep: platform ADMIN only, its body checked'), async (t) => {
    const tenant = await createTenant(world());
    for (const client of [tenant.owner, tenant.member]) {
      const refused = await client.post('/maintenance/sweep', {});
      t.is(refused.status, 403);
      t.is(refused.body.error, 'forbidden');
    }
    for (const bad of [
      { purgeAfterSeconds: -1 },
      { purgeAfterSeconds: 'soon' },
      { purgeAfterSeconds: 1.5 },
      { other: 1 },
    ]) {
      const refused = await world().admin.post('/maintenance/sweep', bad);
      t.is(refused.status, 400, JSON.stringify(bad));
      t.is(refused.body.error, 'invalid_input');
    }
    const plain = await world().admin.post('/maintenance/sweep');
    t.is(plain.status, 200, JSON.stringify(plain.body));
    t.deepEqual(Object.keys(plain.body).sort(), ['expiredSpans', 'purgedRecords']);
  });

  test.serial(
    title(
      'retention: expired spans go with the results and sessions they emptied; evaluated, recent and other organizations stay',
    ),
    async (t) => {
      const metricsUrl = await world().platform.listenMetrics?.(0);
      const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
      const before = await scrape();
      const keeper = await createTenant(world());
      const forever = await createTenant(world());
      t.is(
        (await keeper.owner.patch(`/organizations/${keeper.organizationId}`, { traceRetentionDays: 1 })).status,
        200,
      );
      const old = ago(3 * DAY_MS);
      const recent = ago(3_600_000);
      const emptied = await sessionWithSpans(world(), keeper, [[old, old, old]]);
      const mixed = await sessionWithSpans(world(), keeper, [[old], [old, recent], [null]]);
      const evaluated = await sessionWithSpans(world(), keeper, [[old]]);
      await evaluate(keeper, evaluated.turns[0].inferenceResultId);
      const theirs = await sessionWithSpans(world(), forever, [[old, old]]);

      const sweep = await world().admin.post('/maintenance/sweep', {});
      t.is(sweep.status, 200, JSON.stringify(sweep.body));
      t.is(sweep.body.expiredSpans, 6);

      const { owner } = keeper;
      t.is(await status(owner, `/sessions/${emptied.sessionId}`), 404);
      t.is(await status(owner, `/inferenceResults/${emptied.turns[0].inferenceResultId}`), 404);
      for (const id of emptied.turns[0].spanIds) t.is(await status(owner, `/traces/${id}`), 404);
      t.is(await status(owner, `/sessions/${mixed.sessionId}`), 200, 'the session keeps inference results');
      t.is(await status(owner, `/inferenceResults/${mixed.turns[0].inferenceResultId}`), 404);
      t.is(await status(owner, `/inferenceResults/${mixed.turns[1].inferenceResultId}`), 200, 'a recent span keeps it');
      t.is(await status(owner, `/traces/${mixed.turns[1].spanIds[0]}`), 404);
      t.is(await status(owner, `/traces/${mixed.turns[1].spanIds[1]}`), 200);
      t.is(await status(owner, `/traces/${mixed.turns[2].spanIds[0]}`), 200, 'a span without startTime is kept');
      t.is(await status(owner, `/sessions/${evaluated.sessionId}`), 200, 'an evaluation keeps its session');
      t.is(await status(owner, `/inferenceResults/${evaluated.turns[0].inferenceResultId}`), 200);
      t.is(await status(owner, `/traces/${evaluated.turns[0].spanIds[0]}`), 404);
      t.is(await status(forever.owner, `/sessions/${theirs.sessionId}`), 200);
      for (const id of theirs.turns[0].spanIds) t.is(await status(forever.owner, `/traces/${id}`), 200);

      const after = await scrape();
      const counted = (record: string) =>
        sample(after, 'assay_swept_rows_total', { reason: 'retention', record }) -
        sample(before, 'assay_swept_rows_total', { reason: 'retention', record });
      t.is(counted('spans'), 6);
      t.is(counted('inferenceResults'), 2);
      t.is(counted('sessions'), 1);
      t.is((await world().admin.post('/maintenance/sweep', {})).body.expiredSpans, 0, 'nothing left to expire');
    },
  );

  test.serial(title('purge: soft-deleted records and what hangs under them go for good once old enough'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const deleted = await sessionWithSpans(world(), tenant, [[null, null], [null]]);
    const evaluationId = await evaluate(tenant, deleted.turns[0].inferenceResultId);
    const live = await sessionWithSpans(world(), tenant, [[null], [null]]);
    const lonelyEvaluation = await evaluate(tenant, live.turns[0].inferenceResultId);
    const theirs = await sessionWithSpans(world(), other, [[null]]);
    t.is((await tenant.owner.delete(`/sessions/${deleted.sessionId}`)).status, 200);
    t.is((await tenant.owner.delete(`/inferenceResults/${live.turns[1].inferenceResultId}`)).status, 200);
    t.is((await tenant.owner.delete(`/evaluations/${lonelyEvaluation}`)).status, 200);
    t.is((await tenant.owner.delete('/traces/batch', { ids: [live.turns[0].spanIds[0]] })).status, 200);

    const { ports } = world().platform;
    const scope = tenant.organizationId;
    const stored = async () => ({
      session: await ports.sessions.get(scope, deleted.sessionId, { includeDeleted: true }),
      results: await ports.inferenceResults.listByIds(
        scope,
        [...deleted.turns, live.turns[1]].map((turn) => turn.inferenceResultId),
      ),
      spans: await ports.spans.listByIds(scope, [
        ...deleted.turns.flatMap((turn) => turn.spanIds),
        ...live.turns.flatMap((turn) => turn.spanIds),
      ]),
      evaluations: [
        await ports.evaluations.get(scope, evaluationId, { includeDeleted: true }),
        await ports.evaluations.get(scope, lonelyEvaluation, { includeDeleted: true }),
      ].filter(Boolean),
    });
    const kept = await world().admin.post('/maintenance/sweep', {});
    t.is(kept.status, 200);
    t.is(kept.body.purgedRecords, 0, 'deleted moments ago: within PURGE_AFTER_SECONDS');
    t.truthy((await stored()).session);

    const purged = await world().admin.post('/maintenance/sweep', { purgeAfterSeconds: 0 });
    t.is(purged.status, 200, JSON.stringify(purged.body));
    // The session, its 2 results, 3 spans and evaluation; the deleted result and its span; the deleted span and evaluation.
    t.is(purged.body.purgedRecords, 11);
    const after = await stored();
    t.is(after.session, null);
    t.deepEqual(after.results, []);
    t.deepEqual(after.spans, []);
    t.deepEqual(after.evaluations, []);
    t.is(await status(tenant.owner, `/sessions/${live.sessionId}`), 200);
    t.is(await status(tenant.owner, `/inferenceResults/${live.turns[0].inferenceResultId}`), 200);
    t.is(await status(other.owner, `/sessions/${theirs.sessionId}`), 200);
    t.is(await status(other.owner, `/traces/${theirs.turns[0].spanIds[0]}`), 200);
  });
}
