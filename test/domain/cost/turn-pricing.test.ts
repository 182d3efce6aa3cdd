import test from 'ava';
import { findModelPrice } from '../../../domain/cost/model-match.ts';
import { createModelPrice, type ModelPrice, type NewModelPrice } from '../../../domain/cost/model-price.ts';
import { priceTurn, type PricingContext, type SpanReport } from '../../../domain/cost/turn-pricing.ts';
import { createInferenceResult, type NewInferenceResult } from '../../../domain/tracing/inference-result.ts';

const NOW = '2026-01-01T00:00:00.000Z';
let counter = 0;
const model = (fields: Partial<NewModelPrice> & { name: string }, organizationId: string | null = 'org_a') =>
  createModelPrice(
    { costPerInputToken: 0.000001, costPerOutputToken: 0.000001, ...fields, platformWide: organizationId === null },
    { id: `model_${++counter}`, organizationId: organizationId ?? 'org_a', now: NOW },
    null,
  );
// The pattern engine's part, in the domain's words: a test is all the domain needs (the adapter runs RE2).
const matches = (pattern: string, name: string) => new RegExp(pattern, 'i').test(name);

const shared = model({ name: 'gpt-4o', costPerInputToken: 0.00001 }, null);
const own = model({ name: 'GPT-4O', costPerInputToken: 0.000002 });
const family = model({ name: 'mini family', matchPattern: '^gpt-4o-mini', costPerInputToken: 0.0000005 });
const sharedFamily = model({ name: 'shared mini', matchPattern: 'mini', costPerInputToken: 0.000009 }, null);
const house = model({ name: 'house', costPerInputToken: 0.000003 });
const models: readonly ModelPrice[] = [shared, own, family, sharedFamily, house];

const turn = (fields: Partial<NewInferenceResult> = {}) =>
  createInferenceResult({ sessionId: 'session_1', ...fields }, { id: 'ir_1', organizationId: 'org_a', now: NOW });
const spans = (report: Partial<SpanReport>): SpanReport => ({ usage: null, model: null, ...report });
const spanUsage = (inputTokens: number) => ({
  inputTokens,
  outputTokens: 0,
  totalTokens: inputTokens,
  cacheReadInputTokens: null,
  cacheCreationInputTokens: null,
});

const cases: {
  rule: string;
  turn: Partial<NewInferenceResult>;
  context?: Partial<PricingContext>;
  expected: Record<string, unknown>;
}[] = [
  {
    rule: 'a sent cost is kept, never worked out',
    turn: { model: 'gpt-4o', inputTokens: 1000, cost: 0.5 },
    expected: { cost: 0.5, costNanos: 500_000_000, costSource: 'SENT', priceModelId: null, costPerInputToken: null },
  },
  {
    rule: "sent usage and model: the organization's own model wins over the platform-wide one (exact, any case)",
    turn: { model: 'gpt-4o', inputTokens: 1000 },
    expected: { cost: 0.002, costSource: 'MODEL', priceModelId: own.id, costPerInputToken: 0.000002 },
  },
  {
    rule: 'an exact name beats a pattern',
    turn: { model: 'House', inputTokens: 1000 },
    expected: { priceModelId: house.id, cost: 0.003 },
  },
  {
    rule: "a pattern matches the model name; the organization's pattern first",
    turn: { model: 'gpt-4o-mini-2024', inputTokens: 1000 },
    expected: { priceModelId: family.id, cost: 0.0005 },
  },
  {
    rule: 'a platform-wide pattern when nothing of the organization matches',
    turn: { model: 'claude-mini', inputTokens: 1000 },
    expected: { priceModelId: sharedFamily.id, cost: 0.009 },
  },
  {
    rule: "no match for the name: the version's model prices it",
    turn: { model: 'unknown-model', inputTokens: 1000 },
    context: { versionModel: house },
    expected: { model: 'unknown-model', priceModelId: house.id, cost: 0.003 },
  },
  {
    rule: "no model name: the version's model names and prices the turn",
    turn: { inputTokens: 1000 },
    context: { versionModel: house },
    expected: { model: 'house', modelSource: 'VERSION', priceModelId: house.id, cost: 0.003 },
  },
  {
    rule: 'no usage sent: the GENERATION spans give usage and model',
    turn: {},
    context: { spans: spans({ usage: spanUsage(1000), model: 'gpt-4o-mini' }), versionModel: house },
    expected: { inputTokens: 1000, usageSource: 'SPANS', model: 'gpt-4o-mini', modelSource: 'SPANS', cost: 0.0005 },
  },
  {
    rule: "sent usage wins over the spans'; the spans still name the model",
    turn: { inputTokens: 10 },
    context: { spans: spans({ usage: spanUsage(1000), model: 'house' }) },
    expected: { inputTokens: 10, usageSource: 'SENT', model: 'house', cost: 0.00003 },
  },
  {
    rule: "a sent model wins over the spans'",
    turn: { model: 'house' },
    context: { spans: spans({ usage: spanUsage(1000), model: 'gpt-4o' }) },
    expected: { model: 'house', modelSource: 'SENT', cost: 0.003 },
  },
  {
    rule: 'no model anywhere: unknown cost',
    turn: { inputTokens: 1000 },
    expected: { cost: null, costNanos: null, costSource: null, priceModelId: null },
  },
  {
    rule: 'a model but no usage: unknown cost',
    turn: { model: 'house' },
    expected: { cost: null, costSource: null },
  },
];

for (const { rule, turn: fields, context, expected } of cases)
  test(`pricing: ${rule}`, (t) => {
    const priced = priceTurn(turn(fields), { spans: null, versionModel: null, models, matches, ...context });
    t.like(priced, expected);
  });

test("pricing: a version's model taken away again leaves the turn without the model it lent", (t) => {
  const lent = priceTurn(turn({ inputTokens: 1000 }), { spans: null, versionModel: house, models, matches });
  t.like(lent, { model: 'house', modelSource: 'VERSION' });
  const taken = priceTurn(lent, { spans: null, versionModel: null, models, matches });
  t.like(taken, { model: null, modelSource: null, cost: null });
});

test('matching: oldest first among equals, null without a name', (t) => {
  const older = model({ name: 'a', matchPattern: 'x' });
  const newer = { ...model({ name: 'b', matchPattern: 'x' }), createdAt: '2026-02-01T00:00:00.000Z' };
  t.is(findModelPrice('x', [newer, older], matches)?.id, older.id);
  t.is(findModelPrice(null, models, matches), null);
});
