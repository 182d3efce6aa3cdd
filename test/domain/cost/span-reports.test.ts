import test from 'ava';
import { changesPrice, spanReports, type SpanUsageRow, withArrivedSpans } from '../../../domain/cost/span-reports.ts';
import { priceTurn } from '../../../domain/cost/turn-pricing.ts';
import { createInferenceResult } from '../../../domain/tracing/inference-result.ts';
import { tokenUsage } from '../../../domain/tracing/token-usage.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const row = (model: string | null, input: number | null, second: number | null, turn = 'ir_1'): SpanUsageRow => ({
  inferenceResultId: turn,
  model,
  usage: input === null ? null : tokenUsage({ inputTokens: input, outputTokens: 1 }),
  startTime: second === null ? null : new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString(),
});
const blankTurn = () =>
  createInferenceResult({ sessionId: 'session_1' }, { id: 'ir_1', organizationId: 'org_a', now: NOW });
const context = { versionModel: null, models: [], matches: () => false };

test('spanReports: usage summed per turn, the model of the last-starting span naming one (ties: the last given)', (t) => {
  const reports = spanReports([
    row('b', 5, 9),
    row('a', 3, 1),
    row(null, 2, 20),
    row('c', null, 9),
    row('z', 7, null, 'ir_2'),
  ]);
  t.deepEqual(reports.get('ir_1'), { usage: tokenUsage({ inputTokens: 10, outputTokens: 3 }), model: 'c' });
  t.deepEqual(reports.get('ir_2'), { usage: tokenUsage({ inputTokens: 7, outputTokens: 1 }), model: 'z' });
});

test('withArrivedSpans: batch by batch gives what all the spans at once give, or null when the model is in doubt', (t) => {
  const first = [row('m', 4, 1), row(null, 6, 2)];
  const second = [row('m', 1, 3), row(null, null, 4)];
  let turn = priceTurn(blankTurn(), { ...context, spans: spanReports(first).get('ir_1') ?? null });
  const merged = withArrivedSpans(turn, spanReports(second).get('ir_1') ?? { usage: null, model: null });
  t.deepEqual(merged, spanReports([...first, ...second]).get('ir_1'));

  turn = priceTurn(turn, { ...context, spans: merged });
  t.is(withArrivedSpans(turn, { usage: null, model: 'other' }), null);
  t.deepEqual(withArrivedSpans(turn, { usage: null, model: 'm' }), { usage: merged?.usage ?? null, model: 'm' });

  // Sent usage and model are the client's: the spans' part starts from nothing.
  const sent = createInferenceResult(
    { sessionId: 'session_1', inputTokens: 100, model: 'sent' },
    { id: 'ir_1', organizationId: 'org_a', now: NOW },
  );
  t.deepEqual(withArrivedSpans(sent, { usage: tokenUsage({ inputTokens: 1 }), model: 'x' }), {
    usage: tokenUsage({ inputTokens: 1 }),
    model: 'x',
  });
});

test('changesPrice: only a GENERATION span naming a model or reporting usage; a turn priced with or without the others is the same', (t) => {
  const usage = tokenUsage({ inputTokens: 4, outputTokens: 2 });
  t.true(changesPrice({ type: 'GENERATION', model: 'gpt-x', usage: null }));
  t.true(changesPrice({ type: 'GENERATION', model: null, usage }));
  t.false(changesPrice({ type: 'GENERATION', model: null, usage: null }));
  t.false(changesPrice({ type: 'SPAN', model: 'gpt-x', usage }));
  // A turn priced from one reporting span, then given spans that report nothing: the same report, the same price.
  const priced = priceTurn(blankTurn(), { ...context, spans: spanReports([row('gpt-x', 4, 1)]).get('ir_1') ?? null });
  const silent = spanReports([row(null, null, 2), row(null, null, 3)]).get('ir_1');
  t.deepEqual(silent, { usage: null, model: null });
  const report = withArrivedSpans(priced, silent!);
  t.deepEqual(priceTurn(priced, { ...context, spans: report }), priced);
});
