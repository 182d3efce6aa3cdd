import type { FieldCondition, ListQuery, SortKey } from '../../../application/ports/list-query.ts';

const UPPER = ['lt', 'lte'];
const LOWER = ['gt', 'gte'];
const RANGE_OPS = [...UPPER, ...LOWER];

type Keys = readonly { readonly field: string; readonly direction: SortKey<unknown>['direction'] }[];

/**
 * A list of spans that started before an instant, newest stored first: the case where the rows lie at the far end of
 * the order's index and the range may be large (the early days of a big organization). First and cursor pages; not
 * `offset` pages, whose rows follow ones the window's probe does not know. Only when start-time bounds are the list's
 * only conditions: the probe then reads the start-time index alone; another filter has an index of its own (or is
 * documented as a scan), and a probe filtering on it could walk the whole range.
 */
export function startedBeforeUnderNewest<T>(query: ListQuery<T>, keys: Keys): boolean {
  if (query.offset) return false;
  if (keys[0]?.field !== 'createdAt' || keys[0].direction !== 'desc') return false;
  const conditions = (query.where ?? []) as readonly FieldCondition<string>[];
  const onStart = conditions.filter(
    (condition) => 'field' in condition && condition.field === 'startTime' && RANGE_OPS.includes(condition.op),
  );
  return onStart.length === conditions.length && onStart.some((condition) => UPPER.includes(condition.op));
}

/** A bound on start times, as a list condition. */
type StartBound<Op extends 'gte' | 'lte'> = { readonly field: 'startTime'; readonly op: Op; readonly value: string };

/** The instants a timestamp column takes on both databases (years 1 to 9999): a floor outside them is no floor. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The start-time floor below which no span of the page can lie. Any `limit` spans matching the query (those that
 * started last before the bound) were stored at `oldest` or later, so the page's rows were too; a span stored at t
 * started at t − lag or later. Adding `startTime ≥ oldest − lag` keeps every row of the page and leaves out the
 * range's older spans, however many there are. Null (for both bounds) when the instant is out of a timestamp's years
 * (a range widened by a span dated in year 1 or 9999): the list then reads the whole range.
 */
export function windowFloor(oldestCreatedAt: string, maxLagMs: number): StartBound<'gte'> | null {
  return startBound('gte', Date.parse(oldestCreatedAt) - maxLagMs);
}

/**
 * The start-time ceiling of a cursor page: its rows were stored no later than the cursor's row, and a span stored at
 * t started at t − the shortest lag or earlier. So `startTime ≤ cursor's creation time − min lag` keeps every row
 * after the cursor and leaves out the spans the earlier pages already gave (they started later).
 */
export function cursorCeiling(cursorCreatedAt: string, minLagMs: number): StartBound<'lte'> | null {
  return startBound('lte', Date.parse(cursorCreatedAt) - minLagMs);
}

function startBound<Op extends 'gte' | 'lte'>(op: Op, instant: number): StartBound<Op> | null {
  if (!(instant >= EARLIEST && instant <= LATEST)) return null;
  return { field: 'startTime', op, value: new Date(instant).toISOString() };
}

/**
 * The conditions with a start-time bound added where it narrows the range, replacing the bounds on the same side it
 * makes redundant: SQLite reads an index range by one bound per side, so a looser one left beside it may be the one
 * it reads by (two upper bounds on a cursor page read from the range's end instead of the cursor's). Unchanged when
 * a bound given is already as tight, or one cannot be compared.
 */
export function withStartBound<C extends FieldCondition<string>>(
  conditions: readonly C[],
  bound: StartBound<'gte' | 'lte'>,
): (C | StartBound<'gte' | 'lte'>)[] {
  const side = bound.op === 'lte' ? UPPER : LOWER;
  const limit = Date.parse(bound.value);
  const sameSide = conditions.filter(
    (condition) => 'field' in condition && condition.field === 'startTime' && side.includes(condition.op),
  ) as unknown as { readonly value: unknown }[];
  const instants = sameSide.map((condition) => Date.parse(String(condition.value)));
  if (instants.some(Number.isNaN)) return [...conditions, bound];
  const tighter = bound.op === 'lte' ? instants.every((at) => limit < at) : instants.every((at) => limit > at);
  if (!tighter) return [...conditions];
  return [...conditions.filter((condition) => !sameSide.includes(condition as never)), bound];
}
