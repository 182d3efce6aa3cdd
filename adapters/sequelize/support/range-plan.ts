import type { FieldCondition, SortKey } from '../../../application/ports/list-query.ts';
import { boundValue, modelColumns } from './column-values.ts';
import type { Model, ModelStatic } from 'sequelize';
import type { Dialect } from './database.ts';

/**
 * Fields with their own (organization, field, createdAt, id) index whose values go with creation time, by table: a
 * span starts about when it is stored. A range on such a field under an order on another field is where the
 * planners go wrong (docs/performance.md, "Lists at scale"): they walk the order's index from its start, and when the
 * range lies at the far end of it (`startTimeBefore=<early>` under newest first) they read most of the organization
 * before the first match. Other ranged fields (an evaluation's score) spread over creation time: the order's index
 * meets their rows at a steady pace, so they keep the order's plan.
 */
const RANGE_INDEXED: Readonly<Record<string, readonly string[]>> = { spans: ['startTime'] };

/**
 * The most rows a range may hold for the range plan: the early 2% of a million-span organization (20,000 spans)
 * is under it. Counting and sorting that many index entries took 10–15 ms on SQLite and 20–40 ms on PostgreSQL on
 * the benchmark's loaded machine (docs/performance.md), against most of a second walking the order's index.
 */
export const RANGE_PLAN_ROWS = 25_000;

type RangeOp = 'gt' | 'gte' | 'lt' | 'lte';
type RangeCondition = { readonly field: string; readonly op: RangeOp; readonly value: unknown };

/** SQL comparison of each range condition: fixed text, never a value. */
const COMPARISONS: Readonly<Record<RangeOp, string>> = { gt: '>', gte: '>=', lt: '<', lte: '<=' };

const isRange = (condition: FieldCondition<string>): condition is RangeCondition =>
  condition.op === 'gt' || condition.op === 'gte' || condition.op === 'lt' || condition.op === 'lte';

/**
 * The range conditions of one ranged field the range plan could read, or none. Not when the order's first key is
 * the field (its index already serves the order), nor when the order starts where the range's rows are: under
 * creation time descending the rows of a range open upwards (`startTimeAfter`) come first, so the order's index
 * finds them at once; the plan needs a bound on the side the order starts from.
 */
export function rangeCandidate(
  table: string,
  conditions: readonly FieldCondition<string>[],
  keys: readonly { readonly field: string; readonly direction: SortKey<unknown>['direction'] }[],
): readonly RangeCondition[] {
  const first = keys[0];
  for (const field of RANGE_INDEXED[table] ?? []) {
    if (field === first?.field) continue;
    const ranges = conditions.filter(isRange).filter((condition) => condition.field === field);
    if (ranges.length === 0) continue;
    if (first?.field !== 'createdAt') return ranges;
    const startSide: readonly RangeOp[] = first.direction === 'desc' ? ['lt', 'lte'] : ['gt', 'gte'];
    if (ranges.some((condition) => startSide.includes(condition.op))) return ranges;
  }
  return [];
}

/**
 * Whether the range's (organization, field, createdAt, id) index holds all a page needs to pick its rows: the
 * ranges are the only conditions and the order is by creation time and id alone.
 */
export const indexHoldsPage = (
  conditions: readonly FieldCondition<string>[],
  ranges: readonly RangeCondition[],
  keys: readonly { readonly field: string }[],
): boolean =>
  conditions.every((condition) => ranges.some((range) => range === condition)) &&
  keys.every((key) => key.field === 'createdAt' || key.field === 'id');

/**
 * Bound parameters `$n`, run through Sequelize (an unnamed statement): PostgreSQL plans it for the values at hand,
 * where a prepared statement's generic plan, made for any organization and bound, scans the table.
 * `SELECT count(*)` of at most RANGE_PLAN_ROWS + 1 rows of the organization in the range: read from the range's
 * index alone (organization and field lead it), so it costs the range's size up to the bound, never the table's.
 */
export function rangeProbe(
  model: ModelStatic<Model>,
  dialect: Dialect,
  scopeColumn: string,
  scope: string,
  ranges: readonly RangeCondition[],
): { sql: string; parameters: unknown[] } {
  const table = model.getTableName() as string;
  const columns = modelColumns(model);
  const conditions = [`${scopeColumn} = $1`];
  const parameters: unknown[] = [scope];
  for (const range of ranges) {
    const found = columns.find((column) => column.field === range.field);
    if (!found) throw new Error(`${table} has no field ${range.field}`);
    parameters.push(boundValue(dialect, found.kind, range.value));
    conditions.push(`"${found.column}" ${COMPARISONS[range.op]} $${parameters.length}`);
  }
  parameters.push(RANGE_PLAN_ROWS + 1);
  const placeholder = `$${parameters.length}`;
  const sql = `SELECT count(*) AS n FROM (SELECT 1 FROM "${table}" WHERE ${conditions.join(' AND ')} LIMIT ${placeholder}) AS probe`;
  return { sql, parameters };
}
