import type { SweptRows } from '../../../application/ports/sweep-store.ts';

/** A purge step: deletes at most $2 rows of `table` that hang under (or are) records soft-deleted before $1. */
export interface PurgeStep {
  readonly table: keyof SweptRows;
  readonly sql: string;
}

/** Deletes the rows of `table` whose key columns are among those `select` picks (its LIMIT bounds them), counting them. */
const bounded = (table: string, key: readonly string[], select: string) =>
  `DELETE FROM ${table} WHERE (${key.join(', ')}) IN (${select} LIMIT $2) RETURNING 1 AS deleted`;

/** The rows of `child` under parents in `parent` soft-deleted before $1, joined on the child's `link` column. */
const under = (child: string, key: readonly string[], parent: string, link: string) =>
  bounded(
    child,
    key,
    `SELECT ${key.map((column) => `c.${column}`).join(', ')} FROM ${parent} p
       JOIN ${child} c ON c.organization_id = p.organization_id AND c.${link} = p.id
       WHERE p.deleted_at < $1`,
  );

/** The rows of `table` soft-deleted before $1. */
const deleted = (table: string, key: readonly string[]) =>
  bounded(table, key, `SELECT ${key.join(', ')} FROM ${table} WHERE deleted_at < $1`);

/** Span ids are unique per organization only: spans are keyed by both. */
const SPAN_KEY = ['organization_id', 'id'];
const ID = ['id'];

/**
 * The purge, step by step: what hangs under a deleted session (its spans, evaluations, inference results), then under
 * a deleted inference result (its spans), then the deleted records themselves. Children go before their parents, so
 * a purge cut short leaves nothing the next one cannot find.
 */
export const purgeSteps: readonly PurgeStep[] = [
  { table: 'spans', sql: under('spans', SPAN_KEY, 'sessions', 'session_id') },
  { table: 'evaluations', sql: under('evaluations', ID, 'sessions', 'session_id') },
  { table: 'inferenceResults', sql: under('inference_results', ID, 'sessions', 'session_id') },
  { table: 'spans', sql: under('spans', SPAN_KEY, 'inference_results', 'inference_result_id') },
  { table: 'sessions', sql: deleted('sessions', ID) },
  { table: 'inferenceResults', sql: deleted('inference_results', ID) },
  { table: 'spans', sql: deleted('spans', SPAN_KEY) },
  { table: 'evaluations', sql: deleted('evaluations', ID) },
];
