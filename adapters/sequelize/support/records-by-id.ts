import type { InferenceResult } from '../../../domain/tracing/inference-result.ts';
import type { Span } from '../../../domain/tracing/span.ts';
import type { Dialect } from './database.ts';
import { idsIn, jsonIds, scopedIdsIn } from './json-id-list.ts';
import type { RowCodec } from './row-codec.ts';

/** What the id look-ups need of a store: its light read path, its row codec and its dialect. */
export interface IdReadable<T> {
  readRows(sql: string, parameters: readonly unknown[]): Promise<Record<string, unknown>[]>;
  rowCodec(): RowCodec<T>;
  readonly dialect: Dialect;
}

/**
 * Locks the rows read until the transaction ends, in id order (so two transactions locking overlapping sets wait,
 * never deadlock); PostgreSQL only: SQLite's write transactions already run one at a time.
 */
/** A row's organization and id columns, as the look-ups name them. */
const ROW_KEY = { scope: '"r"."organization_id"', id: '"r"."id"' };

const LOCKED_IN_ID_ORDER = ' ORDER BY "r"."id" FOR UPDATE';

/**
 * Records by id (deleted ones too) on the light read path: one statement, ids bound as one JSON parameter. `forUpdate`
 * locks them for the caller's transaction.
 */
export async function listByIds<T extends InferenceResult | Span>(
  store: IdReadable<T>,
  scope: string | null,
  ids: readonly string[],
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<T[]> {
  if (ids.length === 0) return [];
  const codec = store.rowCodec();
  const dialect = store.dialect;
  const inList = scope === null ? idsIn(dialect, '"r"."id"', '?') : scopedIdsIn(dialect, ROW_KEY, '?', '?');
  const sql =
    `SELECT ${codec.selectList('r')} FROM "${codec.table}" AS "r" WHERE ${inList}` +
    (forUpdate && dialect === 'postgres' ? LOCKED_IN_ID_ORDER : '');
  const rows = await store.readRows(sql, scope === null ? [jsonIds(ids)] : [scope, jsonIds(ids)]);
  return rows.map((row) => codec.decode(row, 'r') as T);
}

/**
 * A span batch's planning read in one statement: the organization's spans with these ids (deleted ones included), and
 * whether a stored span of the organization waits for a parent among them (over the pending-parent partial index).
 * The one row of the flag is outer-joined with the spans found, so it comes back when none is.
 */
export async function listForBatch(
  store: IdReadable<Span>,
  scope: string,
  ids: readonly string[],
): Promise<{ stored: Span[]; childrenWait: boolean }> {
  if (ids.length === 0) return { stored: [], childrenWait: false };
  const codec = store.rowCodec();
  const dialect = store.dialect;
  const waiting = `SELECT 1 FROM spans WHERE organization_id = ? AND parent_pending = true AND ${idsIn(dialect, 'parent_trace_id', '?')}`;
  const sql =
    `SELECT ${codec.selectList('r')}, "w"."waiting" AS "waiting" FROM (SELECT EXISTS (${waiting}) AS "waiting") AS "w" ` +
    `LEFT JOIN "${codec.table}" AS "r" ON ${scopedIdsIn(dialect, ROW_KEY, '?', '?')}`;
  const list = jsonIds(ids);
  const rows = await store.readRows(sql, [scope, list, scope, list]);
  const stored: Span[] = [];
  for (const row of rows) {
    const span = codec.decode(row, 'r');
    if (span) stored.push(span);
  }
  return { stored, childrenWait: rows.some((row) => row.waiting === true || row.waiting === 1) };
}
