import type { FieldCondition, ListQuery, SortKey } from '../../../application/ports/list-query.ts';

type Keys = readonly { readonly field: string; readonly direction: SortKey<unknown>['direction'] }[];

/**
 * The upper bound of a list of spans that started before an instant, newest stored first, from its first page:
 * the case where the rows lie at the far end of the order's index and the range may be large (the early days of a
 * big organization). Not with `offset` or a cursor: their pages follow rows the window's probe does not know.
 */
export function startedBeforeUnderNewest<T>(query: ListQuery<T>, keys: Keys): boolean {
  if (query.offset || query.after !== undefined) return false;
  if (keys[0]?.field !== 'createdAt' || keys[0].direction !== 'desc') return false;
  const conditions = (query.where ?? []) as readonly FieldCondition<string>[];
  return conditions.some(
    (condition) => 'field' in condition && condition.field === 'startTime' && ['lt', 'lte'].includes(condition.op),
  );
}

/** A lower bound on start times, as a list condition. */
type StartFloor = { readonly field: 'startTime'; readonly op: 'gte'; readonly value: string };

/** The instants a timestamp column takes on both databases (years 1 to 9999): a floor outside them is no floor. */
const EARLIEST = Date.parse('0001-01-01T00:00:00.000Z');
const LATEST = Date.parse('9999-12-31T23:59:59.999Z');

/**
 * The start-time floor below which no span of the page can lie. Any `limit` spans matching the query (those that
 * started last before the bound) were stored at `oldest` or later, so the page's rows were too; a span stored at t
 * started at t − lag or later. Adding `startTime ≥ oldest − lag` keeps every row of the page and leaves out the
 * range's older spans, however many there are. Null when that instant is out of a timestamp's years (a bound raised
 * by a span dated in year 1 or 9999): the list then reads the whole range.
 */
export function windowFloor(oldestCreatedAt: string, lagMs: number): StartFloor | null {
  const floor = Date.parse(oldestCreatedAt) - lagMs;
  if (!(floor >= EARLIEST && floor <= LATEST)) return null;
  return { field: 'startTime', op: 'gte', value: new Date(floor).toISOString() };
}
