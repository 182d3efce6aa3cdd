import test from 'ava';
import type { FieldCondition } from '../../application/ports/list-query.ts';
import { indexHoldsPage, rangeCandidate } from '../../adapters/sequelize/support/range-plan.ts';
import { newest, oldest } from '../support/order-keys.ts';

const before = { field: 'startTime', op: 'lte', value: '2026-01-01T00:00:00.000Z' } as const;
const after = { field: 'startTime', op: 'gte', value: '2026-01-01T00:00:00.000Z' } as const;
const named: FieldCondition<string> = { field: 'name', op: 'in', values: ['step-1'] };
const byName = [{ field: 'name', direction: 'asc' }, ...oldest] as const;
const byStart = [{ field: 'startTime', direction: 'desc' }, ...newest] as const;

test('the range plan is a candidate only where the order walks from the far side of the range', (t) => {
  t.deepEqual(rangeCandidate('spans', [before], newest), [before], 'an upper bound under newest first');
  t.deepEqual(rangeCandidate('spans', [after], newest), [], 'a lower bound is met at once under newest first');
  t.deepEqual(rangeCandidate('spans', [after], oldest), [after], 'a lower bound under oldest first');
  t.deepEqual(rangeCandidate('spans', [before], oldest), []);
  t.deepEqual(rangeCandidate('spans', [after, before], newest), [after, before], 'a window: both bounds read');
  t.deepEqual(rangeCandidate('spans', [named, after], byName), [after], 'any bound under another field');
  t.deepEqual(rangeCandidate('spans', [before], byStart), [], "the field's own order is its index's");
  t.deepEqual(rangeCandidate('evaluations', [{ ...before, field: 'score' }], newest), [], 'score keeps its plan');
  t.deepEqual(rangeCandidate('spans', [named], newest), []);
});

test("the page's ids come from the range's index only when it holds the conditions and the order", (t) => {
  t.true(indexHoldsPage([before], [before], newest));
  t.true(indexHoldsPage([before], [before], [{ field: 'id' }]));
  t.false(indexHoldsPage([named, before], [before], newest), 'a second filter needs the rows');
  t.false(indexHoldsPage([before], [before], byName), 'an order on another field needs the rows');
});
