import test from 'ava';
import { cursorCeiling, startedBeforeUnderNewest, windowFloor } from '../../adapters/sequelize/support/lag-window.ts';

const before = { field: 'startTime', op: 'lte', value: '2026-01-01T00:00:00.000Z' } as const;
const after = { field: 'startTime', op: 'gte', value: '2026-01-01T00:00:00.000Z' } as const;
const newest = [
  { field: 'createdAt', direction: 'desc' },
  { field: 'id', direction: 'desc' },
] as const;
const oldest = [
  { field: 'createdAt', direction: 'asc' },
  { field: 'id', direction: 'asc' },
] as const;

test('the start-time window serves first and cursor pages of spans started before an instant, newest stored first', (t) => {
  t.true(startedBeforeUnderNewest({ where: [before], limit: 50 }, newest));
  t.true(startedBeforeUnderNewest({ where: [after, { ...before, op: 'lt' }] }, newest));
  t.false(startedBeforeUnderNewest({ where: [after] }, newest), 'a lower bound alone is met at once');
  t.false(startedBeforeUnderNewest({ where: [before] }, oldest), 'oldest first meets early spans at once');
  t.false(startedBeforeUnderNewest({ where: [before], offset: 50 }, newest), 'offset pages are not first pages');
  t.true(startedBeforeUnderNewest({ where: [before], after: 'trace_1' }, newest), 'cursor pages too');
  t.false(startedBeforeUnderNewest({ where: [{ ...before, field: 'endTime' }] }, newest));
});

test('the floor is the oldest candidate’s creation time less the lag bound, or none out of a timestamp’s years', (t) => {
  t.deepEqual(windowFloor('2026-01-01T00:10:00.000Z', 90_000), {
    field: 'startTime',
    op: 'gte',
    value: '2026-01-01T00:08:30.000Z',
  });
  t.deepEqual(windowFloor('2026-01-01T00:00:00.000Z', -60_000)?.value, '2026-01-01T00:01:00.000Z', 'spans dated ahead');
  t.is(windowFloor('2026-01-01T00:00:00.000Z', 2026 * 366 * 86_400_000), null, 'before year 1');
  t.is(windowFloor('2026-01-01T00:00:00.000Z', -8000 * 366 * 86_400_000), null, 'after year 9999');
});

test('a cursor page’s ceiling is the cursor’s creation time less the shortest lag, or none out of a timestamp’s years', (t) => {
  t.deepEqual(cursorCeiling('2026-01-01T00:10:00.000Z', 20_000), {
    field: 'startTime',
    op: 'lte',
    value: '2026-01-01T00:09:40.000Z',
  });
  t.deepEqual(cursorCeiling('2026-01-01T00:10:00.000Z', -30_000)?.value, '2026-01-01T00:10:30.000Z', 'clock ahead');
  t.is(cursorCeiling('2026-01-01T00:00:00.000Z', -8000 * 366 * 86_400_000), null);
});
