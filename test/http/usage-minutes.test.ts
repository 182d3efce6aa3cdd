// GET /usage with edges in the middle of a minute: whole days from the daily rollups, whole hours from the hourly
// ones, whole minutes from the minute ones, and only the partial minutes at the very ends from the turns. Every
// range's answer equals a brute-force sum over the turns as stored, after they were written, after late GENERATION
// spans gave usage to turns that had none, and after a version's new model re-priced its turns (a job the PATCH
// answer names). Another organization's turns, at the same times, are never counted. On every HTTP database and on
// the memory adapter.
import test from 'ava';
import { insertPricedTurns } from '../../application/cost/insert-priced-turns.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { result } from '../contracts/sweep-records.ts';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant, databaseWorlds, type HttpWorld, useWorld } from '../support/http-world.ts';
import { createVersionFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

const SECOND_MS = 1000;

interface Line {
  day: string;
  model: string | null;
  inferenceResultCount: number;
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cost: number;
}

const byKey = (lines: readonly Line[]) =>
  [...lines].sort((a, b) => `${a.day}|${a.model ?? ''}`.localeCompare(`${b.day}|${b.model ?? ''}`));

/** The brute-force answer of `groupBy=day,model` over [from, to): the stored turns summed one by one. */
function expected(turns: readonly InferenceResult[], from: string, to: string): Line[] {
  const lines = new Map<string, Line & { nanos: number }>();
  for (const turn of turns) {
    if (turn.createdAt < from || turn.createdAt >= to) continue;
    const day = turn.createdAt.slice(0, 10);
    const key = `${day}|${turn.model ?? ''}`;
    const line = lines.get(key) ?? {
      day,
      model: turn.model,
      inferenceResultCount: 0,
      inputTokens: 0,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cost: 0,
      nanos: 0,
    };
    line.inferenceResultCount += 1;
    line.inputTokens += turn.inputTokens ?? 0;
    line.outputTokens += turn.outputTokens ?? 0;
    line.cacheReadInputTokens += turn.cacheReadInputTokens ?? 0;
    line.nanos += turn.costNanos ?? 0;
    lines.set(key, line);
  }
  return byKey([...lines.values()].map(({ nanos, ...line }) => ({ ...line, cost: nanos / 1e9 })));
}

const RANGES: [string, string, string][] = [
  ['2026-03-09T22:37:12.345Z', '2026-03-12T02:14:59.999Z', 'partial day, whole days, partial day'],
  ['2026-03-10T05:20:31.500Z', '2026-03-10T17:45:12.000Z', 'one day: whole hours between mid-minute edges'],
  ['2026-03-10T23:20:07.000Z', '2026-03-10T23:41:53.000Z', 'inside one hour'],
  ['2026-03-10T23:30:05.000Z', '2026-03-10T23:30:50.000Z', 'inside one minute'],
  ['2026-03-10T23:30:45.000Z', '2026-03-10T23:31:20.000Z', 'two partial minutes, no whole one'],
  ['2026-03-10T23:58:30.500Z', '2026-03-11T00:02:10.250Z', 'across midnight, mid-minute'],
  ['2026-03-11T00:20:07.000Z', '2026-03-11T01:41:53.000Z', 'two partial hours, no whole one'],
  ['2026-03-10T23:05:00.000Z', '2026-03-11T00:50:00.000Z', 'whole minutes at the edges, across midnight'],
  ['2026-03-10T23:31:40.000Z', '2026-03-11T00:06:40.000Z', 'a turn on each edge: from counts it, to does not'],
  ['2026-03-10T00:00:00.000Z', '2026-03-12T00:00:00.000Z', 'whole days'],
];

/** A session of a new version of the tenant; answers both ids. */
async function placeOf(world: HttpWorld, tenant: Awaited<ReturnType<typeof createTenant>>) {
  const versionId = await createVersionFor(world, tenant);
  const session = await tenant.member.post('/sessions', { versionId });
  return { versionId, sessionId: session.body.id as string };
}

/**
 * The turns of one organization: one every 17 min 13 s for 2½ days, and one every 7 s for 1¾ hours across midnight.
 * A third name a model no price record matches (priced later by their version's model); every 13th names none (it
 * takes its version's model later: it moves to another model's rollup rows); every 11th dense turn has no usage yet
 * (its GENERATION span brings it). Model and usage as a client sends them.
 */
function turnsOf(organizationId: string, sessionId: string, name: string, tag: string): InferenceResult[] {
  const times = [
    ...Array.from({ length: 220 }, (_, i) => Date.parse('2026-03-09T21:03:07.000Z') + i * 1033 * SECOND_MS),
    ...Array.from({ length: 900 }, (_, i) => Date.parse('2026-03-10T23:20:00.000Z') + i * 7 * SECOND_MS),
  ];
  return times.map((time, i) => {
    const createdAt = new Date(time).toISOString();
    const bare = i >= 220 && i % 11 === 0;
    const model = i % 13 === 0 ? null : i % 3 === 0 ? `unpriced-${name}` : name;
    return {
      ...result(organizationId, `inferenceResult_m${tag}${i}_${name}`, sessionId),
      createdAt,
      updatedAt: createdAt,
      model,
      modelSource: model === null ? null : 'SENT',
      usageSource: bare ? null : 'SENT',
      inputTokens: bare ? null : 100 + (i % 50),
      outputTokens: bare ? null : 10 + (i % 7),
      cacheReadInputTokens: bare ? null : i % 5,
    };
  });
}

// The memory adapter too: its rollups must answer as the databases do.
const worlds = await databaseWorlds(test);
const memory = { world: useWorld(test, 'memory'), title: (text: string) => `[memory] ${text}` };
for (const { world, title } of [memory, ...worlds]) {
  test(
    title('usage over ranges with mid-minute edges sums exactly the turns in range, after late spans and a reprice'),
    async (t) => {
      if (world().database === 'external') return t.pass();
      const ports = world().platform.ports;
      const tenant = await createTenant(world());
      const stranger = await createTenant(world());
      const name = `minutely-${Math.random().toString(36).slice(2, 8)}`;
      const model = await tenant.owner.post('/models', {
        name,
        costPerInputToken: 0.000002,
        costPerOutputToken: 0.000005,
      });
      t.is(model.status, 201, JSON.stringify(model.body));
      const mine = await placeOf(world(), tenant);
      const theirs = await placeOf(world(), stranger);
      const turns = turnsOf(tenant.organizationId, mine.sessionId, name, 'a');
      const strangers = turnsOf(stranger.organizationId, theirs.sessionId, name, 'b');
      await ports.uow.transaction(() => insertPricedTurns(ports, [...turns, ...strangers]));
      const ids = turns.map((turn) => turn.id);
      const stored = () => ports.inferenceResults.listByIds(tenant.organizationId, ids);

      const check = async (client: ApiClient, current: readonly InferenceResult[], step: string) => {
        for (const [from, to, what] of RANGES) {
          const answer = await client.get(`/usage?groupBy=day,model&from=${from}&to=${to}`);
          t.is(answer.status, 200, JSON.stringify(answer.body));
          const want = expected(current, from, to);
          t.true(want.length > 0, what);
          t.deepEqual(byKey(answer.body as Line[]), want, `${step}: ${what} (${from} – ${to})`);
        }
      };
      await check(tenant.member, await stored(), 'as written');
      // The other organization's answer counts its own turns only (none of the tenant's, at the same minutes).
      await check(stranger.member, strangers, 'another organization');

      // GENERATION spans arriving later give usage to turns that had none: all three rollups follow.
      const bare = turns.filter((turn) => turn.inputTokens === null).slice(0, 40);
      const spans = bare.map((turn, i) => ({
        id: uniqueSpanId('late'),
        inferenceResultId: turn.id,
        name: 'chat',
        type: 'GENERATION',
        usage: { inputTokens: 1000 + i, outputTokens: 100 + i },
      }));
      t.is((await postSpans(tenant.member, spans)).status, 201);
      const afterSpans = await stored();
      t.is(afterSpans.find((turn) => turn.id === bare[0].id)?.inputTokens, 1000);
      await check(tenant.member, afterSpans, 'after late spans');

      // A model for the version: the PATCH answer names the repricing job; once completed, the unpriced turns
      // carry the version model's prices in every rollup.
      const house = await tenant.owner.post('/models', {
        name: `${name}-house`,
        costPerInputToken: 0.000001,
        costPerOutputToken: 0.000003,
      });
      const patched = await tenant.owner.patch(`/versions/${mine.versionId}`, { modelId: house.body.id });
      t.is(patched.status, 200, JSON.stringify(patched.body));
      t.regex(patched.body.repricingId, /^repricing_/);
      let followed = await tenant.member.get(`/repricings/${patched.body.repricingId}`);
      t.like(followed.body, { versionId: mine.versionId, modelId: null });
      for (let attempt = 0; attempt < 400 && followed.body.state !== 'completed'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        followed = await tenant.member.get(`/repricings/${patched.body.repricingId}`);
      }
      t.like(followed.body, { state: 'completed', repricedCount: turns.length });
      const repriced = await stored();
      t.true(repriced.some((turn) => turn.model === `unpriced-${name}` && (turn.costNanos ?? 0) > 0));
      t.true(repriced.some((turn) => turn.model === `${name}-house` && turn.modelSource === 'VERSION'));
      await check(tenant.member, repriced, 'after the version reprice');
      t.is((await stranger.member.get(`/repricings/${patched.body.repricingId}`)).status, 404);
    },
  );

  test(title('PATCH /versions answers repricingId: the job a new model queued, null when none'), async (t) => {
    const tenant = await createTenant(world());
    const product = await tenant.owner.post('/products', { name: `p-${Math.random().toString(36).slice(2, 8)}` });
    const model = await tenant.owner.post('/models', {
      name: `m-${Math.random().toString(36).slice(2, 8)}`,
      costPerInputToken: 0.000001,
      costPerOutputToken: 0.000001,
    });
    // A new version has no turns to re-price: its answer is the version alone.
    const created = await tenant.owner.post('/versions', { productId: product.body.id, modelId: model.body.id });
    t.is(created.status, 201, JSON.stringify(created.body));
    t.false('repricingId' in created.body);
    const renamed = await tenant.owner.patch(`/versions/${created.body.id}`, { name: 'renamed' });
    t.is(renamed.status, 200, JSON.stringify(renamed.body));
    t.is(renamed.body.repricingId, null);
    const same = await tenant.owner.patch(`/versions/${created.body.id}`, { modelId: model.body.id });
    t.is(same.body.repricingId, null, 'the same model queues nothing');
    const cleared = await tenant.owner.patch(`/versions/${created.body.id}`, { modelId: null });
    t.regex(cleared.body.repricingId, /^repricing_/, 'taking the model away re-prices too');
    const job = await tenant.member.get(`/repricings/${cleared.body.repricingId}`);
    t.is(job.status, 200);
    t.like(job.body, { id: cleared.body.repricingId, versionId: created.body.id });
    t.false('repricingId' in (await tenant.member.get(`/versions/${created.body.id}`)).body);
  });
}
