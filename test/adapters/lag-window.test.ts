import test from 'ava';
import {
  cursorCeiling,
  startedBeforeUnderNewest,
  windowFloor,
  withStartBound,
} from '../../adapters/sequelize/support/lag-window.ts';
import { newest, oldest } from '../support/order-keys.ts';

const before = { field: 'startTime', op: 'lte', value: '2026-01-01T00:00:00.000Z' } as const;
const after = { field: 'startTime', op: 'gte', value: '2026-01-01T00:00:00.000Z' } as const;

test('the start-time window serves first and cursor pages of spans started before an instant, newest stored first', (t) => {
  t.true(startedBeforeUnderNewest({ where: [before], limit: 50 }, newest));
  t.true(startedBeforeUnderNewest({ where: [after, { ...before, op: 'lt' }] }, newest));
  t.false(startedBeforeUnderNewest({ where: [after] }, newest), 'a lower bound alone is met at once');
  t.false(startedBeforeUnderNewest({ where: [before] }, oldest), 'oldest first meets early spans at once');
  t.false(startedBeforeUnderNewest({ where: [before], offset: 50 }, newest), 'offset pages are not first pages');
  t.true(startedBeforeUnderNewest({ where: [before], after: 'trace_1' }, newest), 'cursor pages too');
  t.false(startedBeforeUnderNewest({ where: [{ ...before, field: 'endTime' }] }, newest));
  const named = { field: 'name', op: 'eq', value: 'step' } as const;
  t.false(startedBeforeUnderNewest({ where: [before, named] }, newest), 'another filter keeps its own plan');
  t.false(startedBeforeUnderNewest({ where: [before, { op: 'anyOf', alternatives: [[named]] }] }, newest));
});

test('the floor (oldest creation less the most lag) and a cursor page’s cap (its creation less the least lag)', (t) => {
  const cases = [
    [windowFloor('2026-01-01T00:10:00.000Z', 90_000), 'gte', '2026-01-01T00:08:30.000Z'],
    [windowFloor('2026-01-01T00:00:00.000Z', -60_000), 'gte', '2026-01-01T00:01:00.000Z'],
    [cursorCeiling('2026-01-01T00:10:00.000Z', 20_000), 'lte', '2026-01-01T00:09:40.000Z'],
    [cursorCeiling('2026-01-01T00:10:00.000Z', -30_000), 'lte', '2026-01-01T00:10:30.000Z'],
  ] as const;
  for (const [bound, op, value] of cases) t.deepEqual(bound, { field: 'startTime', op, value });
  // Out of a timestamp's years (a lag range widened by a span dated in year 1 or 9999): no bound at all.
  const years = (count: number) => count * 366 * 86_400_000;
  t.is(windowFloor('2026-01-01T00:00:00.000Z', years(2026)), null, 'before year 1');
  t.is(windowFloor('2026-01-01T00:00:00.000Z', years(-8000)), null, 'after year 9999');
  t.is(cursorCeiling('2026-01-01T00:00:00.000Z', years(-8000)), null);
});

test('a window bound replaces the looser bounds of its side, and is left out when one given is as tight', (t) => {
  const named = { field: 'name', op: 'eq', value: 'step' } as const;
  const lte = (value: string) => ({ field: 'startTime', op: 'lte', value }) as const;
  const gte = (value: string) => ({ field: 'startTime', op: 'gte', value }) as const;
  const ceiling = lte('2026-01-01T00:05:00.000Z');
  const asked = lte('2026-01-01T01:00:00.000Z');
  t.deepEqual(withStartBound([asked, named], ceiling), [named, ceiling], 'tighter than the instant asked');
  t.deepEqual(withStartBound([before, named], ceiling), [before, named], 'looser than the instant asked');
  t.deepEqual(withStartBound([lte('2025-12-31T00:00:00.000Z'), named], ceiling), [
    lte('2025-12-31T00:00:00.000Z'),
    named,
  ]);
  t.deepEqual(
    withStartBound([{ ...before, op: 'lt', value: '2026-01-01T00:05:00.000Z' }], ceiling),
    [{ ...before, op: 'lt', value: '2026-01-01T00:05:00.000Z' }],
    'a strict bound at the same instant is as tight',
  );
  const floor = gte('2025-12-31T23:00:00.000Z');
  t.deepEqual(withStartBound([before, gte('2025-12-01T00:00:00.000Z')], floor), [before, floor]);
  t.deepEqual(withStartBound([before, gte('2026-01-01T00:00:00.000Z')], floor), [
    before,
    gte('2026-01-01T00:00:00.000Z'),
  ]);
  t.deepEqual(withStartBound([before], floor), [before, floor], 'no bound on that side yet');
  t.deepEqual(withStartBound([{ ...before, value: 'not a time' }], ceiling), [
    { ...before, value: 'not a time' },
    ceiling,
  ]);
});
