import test from 'ava';
import { createModelPrice, type ModelPrice, type NewModelPrice } from '../../../domain/cost/model-price.ts';
import { dollarsToNanos, nanosToDollars, scaledDecimal, unitsToNanos } from '../../../domain/cost/price-amounts.ts';
import { LONG_CONTEXT_TOKENS, turnCost } from '../../../domain/cost/turn-cost.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const model = (prices: Partial<NewModelPrice> = {}): ModelPrice =>
  createModelPrice(
    { name: 'm', costPerInputToken: 0.000003, costPerOutputToken: 0.000015, ...prices },
    { id: 'model_1', organizationId: 'org_a', now: NOW },
    null,
  );
const usage = (input: number | null, output: number | null, cacheRead = 0, cacheCreation = 0) => ({
  inputTokens: input,
  outputTokens: output,
  cacheReadInputTokens: cacheRead,
  cacheCreationInputTokens: cacheCreation,
});

// cost = (input − cache read − cache creation) × input price + cache read × its price + cache creation × its price
//        + output × output price; a missing cache price is the input price; past 128,000 input tokens the Above128k
//        prices, when set, replace the input and output prices for the whole turn.
const cases: {
  rule: string;
  usage: ReturnType<typeof usage>;
  prices?: Partial<NewModelPrice>;
  nanos: number | null;
  applied?: [number, number, number];
}[] = [
  {
    rule: 'input and output at their prices',
    usage: usage(1000, 100),
    nanos: 4_500_000,
    applied: [3e-6, 1.5e-5, 3e-6],
  },
  { rule: 'no usage at all: unknown', usage: usage(null, null), nanos: null },
  { rule: 'output only', usage: usage(null, 10), nanos: 150_000 },
  { rule: 'input only', usage: usage(7, null), nanos: 21_000 },
  {
    rule: 'cache reads at their price, taken out of the input',
    usage: usage(1000, 0, 400),
    prices: { costPerCacheReadInputToken: 0.0000003 },
    nanos: 600 * 3000 + 400 * 300,
    applied: [3e-6, 1.5e-5, 3e-7],
  },
  {
    rule: 'cache creation at its price, taken out of the input',
    usage: usage(1000, 0, 0, 200),
    prices: { costPerCacheCreationInputToken: 0.00000375 },
    nanos: 800 * 3000 + 200 * 3750,
  },
  {
    rule: 'a missing cache-read price falls back to the input price',
    usage: usage(1000, 0, 400),
    nanos: 3_000_000,
    applied: [3e-6, 1.5e-5, 3e-6],
  },
  {
    rule: 'a missing cache-creation price falls back to the input price',
    usage: usage(1000, 0, 0, 400),
    prices: { costPerCacheReadInputToken: 0 },
    nanos: 3_000_000,
  },
  {
    rule: 'cache counts larger than the input never price a negative input',
    usage: usage(10, 0, 30),
    prices: { costPerCacheReadInputToken: 0.000001 },
    nanos: 30_000,
  },
  {
    rule: 'exactly 128,000 input tokens: base prices',
    usage: usage(LONG_CONTEXT_TOKENS, 0),
    prices: { costPerInputTokenAbove128k: 0.000006 },
    nanos: 384_000_000,
  },
  {
    rule: 'above 128,000: the Above128k prices for the whole turn, input and output',
    usage: usage(200_000, 1000),
    prices: { costPerInputTokenAbove128k: 0.000006, costPerOutputTokenAbove128k: 0.00003 },
    nanos: 1_200_000_000 + 30_000_000,
    applied: [6e-6, 3e-5, 6e-6],
  },
  {
    rule: 'above 128,000 with only the input tier set: output keeps its base price',
    usage: usage(200_000, 1000),
    prices: { costPerInputTokenAbove128k: 0.000006 },
    nanos: 1_200_000_000 + 15_000_000,
  },
  {
    rule: 'above 128,000 without tiers: base prices',
    usage: usage(200_000, 0),
    nanos: 600_000_000,
  },
  {
    rule: 'above 128,000, cache reads without their own price take the long input price',
    usage: usage(200_000, 0, 100_000),
    prices: { costPerInputTokenAbove128k: 0.000006 },
    nanos: 1_200_000_000,
  },
  {
    rule: 'prices read from their decimal text: 0.1 + 0.2 style prices stay exact',
    usage: usage(3, 3),
    prices: { costPerInputToken: 0.1, costPerOutputToken: 0.2 },
    nanos: 900_000_000,
  },
  {
    rule: 'sub-nano amounts round half up',
    usage: usage(1, 0),
    prices: { costPerInputToken: 5e-10 },
    nanos: 1,
  },
  {
    rule: 'sub-nano amounts below a half round to zero',
    usage: usage(1, 0),
    prices: { costPerInputToken: 4.99e-10 },
    nanos: 0,
  },
  { rule: 'free model', usage: usage(1000, 1000), prices: { costPerInputToken: 0, costPerOutputToken: 0 }, nanos: 0 },
];

for (const { rule, usage: counts, prices, nanos, applied } of cases)
  test(`turn cost: ${rule}`, (t) => {
    const cost = turnCost(counts, model(prices));
    t.is(cost?.costNanos ?? null, nanos);
    if (applied)
      t.deepEqual([cost?.costPerInputToken, cost?.costPerOutputToken, cost?.costPerCacheReadInputToken], applied);
  });

test('nano-dollar sums are exact where float dollars drift', (t) => {
  const priced = model({ costPerInputToken: 0.0000001, costPerOutputToken: 0.0000002 });
  let floatSum = 0;
  let nanoSum = 0;
  for (let index = 0; index < 1000; index++) {
    const cost = turnCost(usage(1, 1), priced);
    nanoSum += cost?.costNanos ?? 0;
    floatSum += 0.0000001 + 0.0000002;
  }
  t.is(nanoSum, 300_000);
  t.is(nanosToDollars(nanoSum), 0.0003);
  t.not(floatSum, 0.0003, 'the float sum drifts');
});

const amounts: [string, () => unknown, unknown][] = [
  ['a price as 1e-18 units, from its decimal text', () => scaledDecimal(0.000003), 3_000_000_000_000n],
  ['a tiny price in exponent form', () => scaledDecimal(1.5e-7), 150_000_000_000n],
  ['digits past the scale round half up', () => scaledDecimal(1.23456789e-17, 18), 12n],
  ['units to nanos, half up', () => unitsToNanos(500_000_000n), 1],
  ['units to nanos, below half', () => unitsToNanos(499_999_999n), 0],
  ['a sent cost in nanos', () => dollarsToNanos(0.0000315), 31_500],
  ['a sent cost past nano precision rounds', () => dollarsToNanos(1.0000000005), 1_000_000_001],
];
for (const [rule, compute, expected] of amounts) test(`amounts: ${rule}`, (t) => t.deepEqual(compute(), expected));
