// CostLedger on memory, SQLite and PostgreSQL: rollups grown by deltas (and undone with their transaction), usage rows
// filtered by scope, days and lists, live turns' totals per session and per run, GENERATION spans' reports.
import test from 'ava';
import type { StoragePorts } from '../../application/ports/ports.ts';
import type { UsageCounts, UsageRow } from '../../domain/cost/usage.ts';
import { createInferenceGenerationItem } from '../../domain/inference-generation/inference-generation-item.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';
import { createProduct } from '../../domain/catalog/product.ts';
import { createVersion } from '../../domain/catalog/version.ts';
import { evaluation, OLD, result, session, span } from './sweep-records.ts';

const delta = (fields: Partial<UsageCounts>): UsageCounts => ({
  organizationId: 'org_a',
  day: '2026-01-01',
  hour: 0,
  minute: 0,
  productId: 'product_1',
  versionId: 'version_1',
  model: 'gpt-x',
  inferenceResultCount: 1,
  inputTokens: 10,
  outputTokens: 2,
  cacheReadInputTokens: 1,
  costNanos: 1_000_000_007,
  ...fields,
});
/** A delta as a daily row (no hour). */
const daily = ({ hour: _, minute: __, ...row }: UsageCounts): UsageRow => row;
const days = { fromDay: '2026-01-01', toDay: '2026-01-03' };
const byKey = <R extends UsageRow>(rows: readonly R[]) =>
  [...rows].sort((a, b) =>
    `${a.day}${(a as Partial<UsageCounts>).hour ?? ''}${a.versionId}${a.model}`.localeCompare(
      `${b.day}${(b as Partial<UsageCounts>).hour ?? ''}${b.versionId}${b.model}`,
    ),
  );

for (const name of await storageNames()) {
  const inWorld = (title: string, body: (storage: StoragePorts, t: any) => Promise<void>) =>
    test(`[${name}] ${title}`, async (t) => {
      const world = await openStorage(name);
      try {
        await body(world.storage, t);
      } finally {
        await world.close();
      }
    });

  inWorld('addUsage grows one row per organization, day, version and model; usageRows filters it', async (s, t) => {
    const { costLedger, uow } = s;
    await uow.transaction(() =>
      costLedger.addUsage([
        delta({}),
        delta({ inputTokens: 5, costNanos: 3 }),
        delta({ model: '' }),
        delta({ day: '2026-01-02', versionId: 'version_2', productId: 'product_2' }),
        delta({ day: '2026-01-03' }),
        delta({ organizationId: 'org_b' }),
      ]),
    );
    // A negative delta takes a turn's old part back out (its price changed): the row shrinks.
    const out = { inferenceResultCount: 0, outputTokens: 0, cacheReadInputTokens: 0 };
    await uow.transaction(() => costLedger.addUsage([delta({ ...out, inputTokens: -5, costNanos: -3 })]));
    t.deepEqual(
      byKey(await costLedger.usageRows('org_a', days)),
      [
        delta({ model: '' }),
        delta({
          inferenceResultCount: 2,
          inputTokens: 10,
          outputTokens: 4,
          cacheReadInputTokens: 2,
          costNanos: 1_000_000_007,
        }),
        delta({ day: '2026-01-02', versionId: 'version_2', productId: 'product_2' }),
      ].map(daily),
    );
    t.deepEqual(
      (await costLedger.usageRows('org_a', { ...days, productIds: ['product_2'] })).map((row) => row.versionId),
      ['version_2'],
    );
    t.deepEqual(
      (await costLedger.usageRows('org_a', { ...days, versionIds: ['version_1'], models: [''] })).map((r) => r.model),
      [''],
    );
    t.deepEqual(await costLedger.usageRows('org_a', { ...days, versionIds: [] }), []);
    t.deepEqual(await costLedger.usageRows('org_c', days), []);
    t.is((await costLedger.usageRows('org_b', days)).length, 1);
    await costLedger.addUsage([]);
  });

  inWorld('a transaction that fails takes its rollup deltas back', async (s, t) => {
    const { costLedger, uow } = s;
    await uow.transaction(() => costLedger.addUsage([delta({})]));
    await t.throwsAsync(
      uow.transaction(async () => {
        await costLedger.addUsage([delta({}), delta({ model: 'fresh' })]);
        throw new Error('rolled back');
      }),
      { message: 'rolled back' },
    );
    t.deepEqual(await costLedger.usageRows('org_a', days), [daily(delta({}))]);
    t.deepEqual(await costLedger.hourlyUsageRows('org_a', { day: '2026-01-01', fromHour: 0, toHour: 24 }), [
      daily(delta({})),
    ]);
  });

  inWorld(
    'addUsage grows the hourly rollups beside the daily ones; hourlyUsageRows reads hours of one day',
    async (s, t) => {
      const { costLedger, uow } = s;
      await uow.transaction(() =>
        costLedger.addUsage([
          delta({ hour: 0 }),
          delta({ hour: 13 }),
          delta({ hour: 13, inputTokens: 5 }),
          delta({ hour: 23, model: '' }),
          delta({ day: '2026-01-02', hour: 0 }),
          delta({ hour: 13, organizationId: 'org_b' }),
        ]),
      );
      // The daily row is the hours' sum.
      t.deepEqual(
        byKey(await costLedger.usageRows('org_a', { fromDay: '2026-01-01', toDay: '2026-01-02' })),
        [
          delta({ model: '' }),
          delta({
            inferenceResultCount: 3,
            inputTokens: 25,
            outputTokens: 6,
            cacheReadInputTokens: 3,
            costNanos: 3_000_000_021,
          }),
        ].map(daily),
      );
      const D = '2026-01-01';
      const hours = (fromHour: number, toHour: number, filter = {}) =>
        costLedger
          .hourlyUsageRows('org_a', { day: '2026-01-01', fromHour, toHour, ...filter })
          .then((rows) => byKey(rows).map((row) => [row.day, row.model, row.inferenceResultCount, row.inputTokens]));
      // The hours read are summed per day, version and model.
      const all = [
        [D, '', 1, 10],
        [D, 'gpt-x', 3, 25],
      ];
      t.deepEqual(await hours(0, 24), all);
      // The edges: fromHour inclusive, toHour exclusive; the next day's hour 0 is not this day's.
      t.deepEqual(await hours(0, 1), [[D, 'gpt-x', 1, 10]]);
      t.deepEqual(await hours(1, 13), []);
      t.deepEqual(await hours(13, 23), [[D, 'gpt-x', 2, 15]]);
      t.deepEqual(await hours(14, 24), [[D, '', 1, 10]]);
      t.deepEqual(await hours(0, 24, { models: [''] }), [[D, '', 1, 10]]);
      t.deepEqual(await hours(0, 24, { productIds: ['product_2'] }), []);
      t.deepEqual(await hours(0, 24, { versionIds: [] }), []);
      t.deepEqual(await costLedger.hourlyUsageRows('org_c', { day: '2026-01-01', fromHour: 0, toHour: 24 }), []);
      // A failing transaction takes both rollups' deltas back.
      await t.throwsAsync(
        uow.transaction(async () => {
          await costLedger.addUsage([delta({ hour: 13 }), delta({ hour: 5, model: 'fresh' })]);
          throw new Error('rolled back');
        }),
        { message: 'rolled back' },
      );
      t.deepEqual(await hours(0, 24), all);
      t.is((await costLedger.usageRows('org_a', { fromDay: '2026-01-01', toDay: '2026-01-02' })).length, 2);
      // Outside a transaction, both rollups still grow.
      await costLedger.addUsage([delta({ hour: 7 })]);
      t.deepEqual(
        (await hours(7, 8)).map((row) => row[2]),
        [1],
      );
    },
  );

  inWorld(
    'addUsage grows the minute rollups beside the others; minuteUsageRows reads minutes of one hour',
    async (s, t) => {
      const { costLedger, uow } = s;
      await uow.transaction(() =>
        costLedger.addUsage([
          delta({ hour: 13, minute: 0 }),
          delta({ hour: 13, minute: 37 }),
          delta({ hour: 13, minute: 37, inputTokens: 5 }),
          delta({ hour: 13, minute: 59, model: '' }),
          delta({ hour: 14, minute: 0 }),
          delta({ day: '2026-01-02', hour: 13, minute: 37 }),
          delta({ hour: 13, minute: 37, organizationId: 'org_b' }),
          // Two deltas of one turn cancelling out (a price changed back) leave every rollup as it was.
          delta({ hour: 13, minute: 38, model: 'gone' }),
          delta({
            hour: 13,
            minute: 38,
            model: 'gone',
            inferenceResultCount: -1,
            inputTokens: -10,
            outputTokens: -2,
            cacheReadInputTokens: -1,
            costNanos: -1_000_000_007,
          }),
        ]),
      );
      const D = '2026-01-01';
      const minutes = (hour: number, fromMinute: number, toMinute: number, filter = {}) =>
        costLedger
          .minuteUsageRows('org_a', { day: D, hour, fromMinute, toMinute, ...filter })
          .then((rows) => byKey(rows).map((row) => [row.day, row.model, row.inferenceResultCount, row.inputTokens]));
      // The minutes read are summed per day, version and model; the hourly and daily rows agree with them.
      t.deepEqual(await minutes(13, 0, 60), [
        [D, '', 1, 10],
        [D, 'gpt-x', 3, 25],
      ]);
      t.deepEqual(
        byKey(await costLedger.hourlyUsageRows('org_a', { day: D, fromHour: 13, toHour: 14 })).map((row) => [
          row.model,
          row.inferenceResultCount,
          row.inputTokens,
        ]),
        [
          ['', 1, 10],
          ['gpt-x', 3, 25],
        ],
      );
      t.is((await costLedger.usageRows('org_a', { fromDay: D, toDay: '2026-01-02' })).length, 2);
      // fromMinute inclusive, toMinute exclusive; another hour's or day's minute 37 is not this one's.
      t.deepEqual(await minutes(13, 0, 1), [[D, 'gpt-x', 1, 10]]);
      t.deepEqual(await minutes(13, 1, 37), []);
      t.deepEqual(await minutes(13, 37, 38), [[D, 'gpt-x', 2, 15]]);
      t.deepEqual(await minutes(13, 38, 60), [[D, '', 1, 10]]);
      t.deepEqual(await minutes(14, 0, 60), [[D, 'gpt-x', 1, 10]]);
      t.deepEqual(await minutes(13, 0, 60, { models: [''] }), [[D, '', 1, 10]]);
      t.deepEqual(await minutes(13, 0, 60, { productIds: ['product_2'] }), []);
      t.deepEqual(await minutes(13, 0, 60, { versionIds: [] }), []);
      t.deepEqual(await costLedger.minuteUsageRows('org_c', { day: D, hour: 13, fromMinute: 0, toMinute: 60 }), []);
      // A failing transaction takes all three rollups' deltas back.
      await t.throwsAsync(
        uow.transaction(async () => {
          await costLedger.addUsage([delta({ hour: 13, minute: 37 }), delta({ hour: 13, minute: 5, model: 'fresh' })]);
          throw new Error('rolled back');
        }),
        { message: 'rolled back' },
      );
      t.deepEqual(await minutes(13, 0, 60), [
        [D, '', 1, 10],
        [D, 'gpt-x', 3, 25],
      ]);
      // Deltas of two minutes that cancel out over their hour and day leave those rows untouched (none created).
      const negative = { inferenceResultCount: -1, inputTokens: -10, outputTokens: -2, cacheReadInputTokens: -1 };
      await costLedger.addUsage([
        delta({ hour: 9, minute: 1, model: 'swap' }),
        delta({ hour: 9, minute: 2, model: 'swap', ...negative, costNanos: -1_000_000_007 }),
      ]);
      t.deepEqual(await costLedger.hourlyUsageRows('org_a', { day: D, fromHour: 9, toHour: 10 }), []);
      t.deepEqual(
        (await costLedger.usageRows('org_a', { fromDay: D, toDay: '2026-01-02' })).filter(
          (row) => row.model === 'swap',
        ),
        [],
      );
      t.deepEqual(
        (await minutes(9, 1, 2)).map((row) => row[2]),
        [1],
      );
      // Outside a transaction, the minute rollups still grow.
      await costLedger.addUsage([delta({ hour: 7, minute: 7 })]);
      t.deepEqual(
        (await minutes(7, 7, 8)).map((row) => row[2]),
        [1],
      );
    },
  );

  inWorld('totals per session and per run count live turns of their organization only', async (s, t) => {
    const { sessions, inferenceResults, evaluations, inferenceGenerationItems, costLedger } = s;
    const priced = (id: string, sessionId: string, costNanos: number, deletedAt: string | null = null) => ({
      ...result('org_a', id, sessionId, deletedAt),
      inputTokens: 100,
      outputTokens: 7,
      costNanos,
      cost: costNanos / 1e9,
    });
    await sessions.insertMany(['s1', 's2', 's3', 's4'].map((id) => session('org_a', id)));
    await sessions.insertMany([session('org_b', 'b1')]);
    await inferenceResults.insertMany([
      priced('ir1', 's1', 1),
      priced('ir2', 's1', 2),
      priced('ir3', 's1', 1000, OLD),
      priced('ir4', 's2', 4),
      priced('ir5', 's3', 8),
    ]);
    await inferenceResults.insertMany([{ ...result('org_b', 'irb', 'b1'), inputTokens: 1, costNanos: 99 }]);
    const totals = await costLedger.sessionTotals('org_a', ['s1', 's2', 's4', 'b1']);
    t.deepEqual(Object.fromEntries(totals), {
      s1: { inputTokens: 200, outputTokens: 14, costNanos: 3 },
      s2: { inputTokens: 100, outputTokens: 7, costNanos: 4 },
    });
    t.deepEqual(await costLedger.sessionTotals('org_a', []), new Map());

    // Run 1 covers s1 (evaluated) and s2 (generated); run 2 only s3 through a deleted evaluation: nothing.
    await evaluations.insertMany([
      { ...evaluation('org_a', 'e1', 's1', 'ir1'), runId: 'run_1' },
      { ...evaluation('org_a', 'e2', 's1', 'ir2'), runId: 'run_1' },
      { ...evaluation('org_a', 'e3', 's3', 'ir5', OLD), runId: 'run_2' },
    ]);
    const item = createInferenceGenerationItem(
      {
        launchId: 'launch_1',
        runId: 'run_1',
        versionId: 'version_1',
        testCaseId: 'tc',
        specificationId: 'sp',
        metricIds: [],
      },
      { id: 'item_1', organizationId: 'org_a', now: OLD },
    );
    await inferenceGenerationItems.insertMany([{ ...item, sessionId: 's2' }]);
    t.deepEqual(Object.fromEntries(await costLedger.runTotals('org_a', ['run_1', 'run_2'])), {
      run_1: { inputTokens: 300, outputTokens: 21, costNanos: 7 },
    });
    t.deepEqual(await costLedger.runTotals('org_b', ['run_1']), new Map());
  });

  inWorld("generation reports sum a turn's live GENERATION spans and name the last span's model", async (s, t) => {
    const { spans, costLedger } = s;
    const usage = (inputTokens: number, cacheReadInputTokens: number | null = null) => ({
      inputTokens,
      outputTokens: 1,
      totalTokens: inputTokens + 1,
      cacheReadInputTokens,
      cacheCreationInputTokens: null,
    });
    const generation = { type: 'GENERATION' as const };
    await spans.insertMany([
      span('org_a', 'trace_1', 'ir1', 's1', { ...generation, model: 'early', usage: usage(10, 4), startTime: OLD }),
      span('org_a', 'trace_2', 'ir1', 's1', {
        ...generation,
        model: 'late',
        usage: usage(20),
        startTime: '2026-01-01T00:00:05.000Z',
      }),
      span('org_a', 'trace_3', 'ir1', 's1', {
        ...generation,
        model: null,
        usage: usage(1),
        startTime: '2026-01-01T00:00:09.000Z',
      }),
      span('org_a', 'trace_4', 'ir1', 's1', { model: 'not-a-generation', usage: usage(1000) }),
      span('org_a', 'trace_5', 'ir1', 's1', { ...generation, model: 'deleted', usage: usage(1000), deletedAt: OLD }),
      span('org_a', 'trace_6', 'ir2', 's1', { ...generation, model: 'only' }),
      span('org_b', 'trace_7', 'ir1', 's1', { ...generation, model: 'other', usage: usage(5) }),
    ]);
    const reports = await costLedger.generationReports('org_a', ['ir1', 'ir2', 'ir3']);
    t.deepEqual(reports.get('ir1')?.model, 'late');
    t.like(reports.get('ir1')?.usage, { inputTokens: 31, outputTokens: 3, cacheReadInputTokens: 4 });
    t.deepEqual(reports.get('ir2'), { model: 'only', usage: null });
    t.false(reports.has('ir3'));
    t.deepEqual(await costLedger.generationReports(null, ['ir1']), new Map());
  });

  inWorld("turnUsage sums a span's turns per day, version and model, deleted ones too, filtered", async (s, t) => {
    const { products, versions, sessions, inferenceResults, costLedger } = s;
    const at = (time: string) => `2026-01-0${time}Z`;
    for (const [id, productId] of [
      ['version_1', 'product_1'],
      ['version_2', 'product_2'],
    ] as const) {
      const creation = { organizationId: 'org_a', now: OLD };
      await products.insert(createProduct({ name: productId }, { ...creation, id: productId }));
      await versions.insert(createVersion({ productId }, { ...creation, id, number: 1, parent: null }));
    }
    await sessions.insertMany([
      { ...session('org_a', 's1'), versionId: 'version_1' },
      { ...session('org_a', 's2'), versionId: 'version_2' },
    ]);
    const turn = (
      id: string,
      sessionId: string,
      createdAt: string,
      model: string | null,
      deletedAt: string | null = null,
    ) => ({
      ...result('org_a', id, sessionId, deletedAt),
      createdAt,
      model,
      inputTokens: 10,
      outputTokens: 1,
      cacheReadInputTokens: 2,
      costNanos: 5,
    });
    await inferenceResults.insertMany([
      turn('ir1', 's1', at('1T23:00:00.000'), 'gpt-x'),
      turn('ir2', 's1', at('1T23:30:00.000'), 'gpt-x', OLD),
      turn('ir3', 's1', at('2T00:00:00.000'), null),
      turn('ir4', 's2', at('2T01:00:00.000'), 'gpt-x'),
      turn('ir5', 's2', at('2T02:00:00.000'), 'gpt-x'),
      turn('ir6', 's1', at('1T12:00:00.000'), 'gpt-x'),
    ]);
    const span = { from: at('1T18:00:00.000'), to: at('2T02:00:00.000') };
    const rows = byKey(await costLedger.turnUsage('org_a', span));
    const row = (fields: Partial<UsageCounts>, count: number) =>
      daily(
        delta({
          ...fields,
          inferenceResultCount: count,
          inputTokens: 10 * count,
          outputTokens: count,
          cacheReadInputTokens: 2 * count,
          costNanos: 5 * count,
        }),
      );
    t.deepEqual(rows, [
      row({ day: '2026-01-01' }, 2),
      row({ day: '2026-01-02', model: '' }, 1),
      row({ day: '2026-01-02', versionId: 'version_2', productId: 'product_2' }, 1),
    ]);
    t.deepEqual((await costLedger.turnUsage('org_a', { ...span, productIds: ['product_2'] })).length, 1);
    t.deepEqual(
      (await costLedger.turnUsage('org_a', { ...span, models: [''] })).map((r) => r.day),
      ['2026-01-02'],
    );
    t.deepEqual(await costLedger.turnUsage('org_a', { ...span, versionIds: [] }), []);
    t.deepEqual(await costLedger.turnUsage('org_b', span), []);
  });
}
