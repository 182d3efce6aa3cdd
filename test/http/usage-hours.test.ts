// GET /usage with timestamps that are not whole days or hours: whole days from the daily rollups, whole hours from the
// hourly ones, the partial edge hours from the minute ones (here every edge is a whole minute); each range's sums
// equal the sums of the turns in it, also after a repricing (every rollup adjusted). On every database the HTTP
// suites run on. Edges in the middle of a minute: usage-minutes.test.ts.
import test from 'ava';
import { insertPricedTurns } from '../../application/cost/insert-priced-turns.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import { result } from '../contracts/sweep-records.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createVersionFor } from '../support/tracing-fixtures.ts';

const MINUTE_MS = 60_000;
const START = Date.parse('2026-03-09T21:03:00.000Z');

interface Line {
  day?: string;
  model?: string | null;
  inferenceResultCount: number;
  inputTokens: number;
  outputTokens: number;
  cost: number;
}

/** The sums GET /usage should answer for the turns in [from, to), per day. */
function expected(turns: readonly InferenceResult[], from: string, to: string, price: [number, number]) {
  const lines = new Map<string, { count: number; input: number; output: number; nanos: number }>();
  for (const turn of turns) {
    if (turn.createdAt < from || turn.createdAt >= to) continue;
    const day = turn.createdAt.slice(0, 10);
    const line = lines.get(day) ?? { count: 0, input: 0, output: 0, nanos: 0 };
    line.count += 1;
    line.input += turn.inputTokens ?? 0;
    line.output += turn.outputTokens ?? 0;
    line.nanos += (turn.inputTokens ?? 0) * price[0] + (turn.outputTokens ?? 0) * price[1];
    lines.set(day, line);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([day, line]) => ({
      day,
      inferenceResultCount: line.count,
      inputTokens: line.input,
      outputTokens: line.output,
      cacheReadInputTokens: 0,
      cost: line.nanos / 1e9,
    }));
}

const RANGES: [string, string][] = [
  ['2026-03-09T22:37:12.345Z', '2026-03-12T02:14:59.999Z'], // partial day, whole days, partial day; mid-hour edges
  ['2026-03-10T05:20:00.000Z', '2026-03-10T17:45:30.000Z'], // one day: hours between two partial hours
  ['2026-03-10T05:20:00.000Z', '2026-03-10T05:40:00.000Z'], // within one hour
  ['2026-03-10T05:20:00.000Z', '2026-03-10T06:40:00.000Z'], // two partial hours, no whole one
  ['2026-03-10T23:50:00.000Z', '2026-03-11T00:10:00.000Z'], // across midnight, no whole hour
  ['2026-03-10T21:15:00.000Z', '2026-03-11T03:45:00.000Z'], // across midnight with whole hours on both days
  ['2026-03-10T00:00:00.000Z', '2026-03-10T13:00:00.000Z'], // whole hours only
  ['2026-03-10T07:15:00.000Z', '2026-03-11T07:20:00.000Z'], // a turn on each edge: from counts it, to does not
];

for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('usage over ranges with mid-hour edges sums exactly the turns in range, before and after repricing'),
    async (t) => {
      const ports = world().platform.ports;
      if (world().database === 'external') return t.pass();
      const tenant = await createTenant(world());
      const name = `hourly-${Math.random().toString(36).slice(2, 8)}`;
      const model = await tenant.owner.post('/models', {
        name,
        costPerInputToken: 0.000002,
        costPerOutputToken: 0.000005,
      });
      t.is(model.status, 201, JSON.stringify(model.body));
      const versionId = await createVersionFor(world(), tenant);
      const session = await tenant.member.post('/sessions', { versionId });
      // A turn every 17 minutes for 2½ days (from 21:03 the day before the whole days), stored through the write path.
      const turns: InferenceResult[] = Array.from({ length: 220 }, (_, i) => ({
        ...result(tenant.organizationId, `inferenceResult_h${i}_${name}`, session.body.id),
        createdAt: new Date(START + i * 17 * MINUTE_MS).toISOString(),
        updatedAt: new Date(START + i * 17 * MINUTE_MS).toISOString(),
        model: name,
        inputTokens: 100 + i,
        outputTokens: 10 + (i % 7),
      }));
      await ports.uow.transaction(() => insertPricedTurns(ports, turns));
      t.true(turns.some((turn) => turn.createdAt === '2026-03-10T07:15:00.000Z'));
      t.true(turns.some((turn) => turn.createdAt === '2026-03-11T07:20:00.000Z'));

      const check = async (price: [number, number]) => {
        for (const [from, to] of RANGES) {
          const answer = await tenant.member.get(`/usage?groupBy=day&from=${from}&to=${to}`);
          t.is(answer.status, 200, JSON.stringify(answer.body));
          const want = expected(turns, from, to, price);
          t.true(want.length > 0);
          t.deepEqual(answer.body as Line[], want, `${from} – ${to}`);
        }
      };
      await check([2000, 5000]);
      // Another organization sees none of it.
      const stranger = await createTenant(world());
      t.deepEqual((await stranger.member.get(`/usage?groupBy=day&from=${RANGES[0][0]}&to=${RANGES[0][1]}`)).body, []);

      await tenant.owner.patch(`/models/${model.body.id}`, {
        costPerInputToken: 0.000003,
        costPerOutputToken: 0.000001,
      });
      const job = await tenant.member.post(`/models/${model.body.id}/reprice`);
      t.is(job.status, 202, JSON.stringify(job.body));
      let followed = job;
      for (let attempt = 0; attempt < 400 && followed.body.state !== 'completed'; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        followed = await tenant.member.get(`/repricings/${job.body.id}`);
      }
      t.like(followed.body, { state: 'completed', repricedCount: turns.length });
      await check([3000, 1000]);
    },
  );
}
