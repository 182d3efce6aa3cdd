import { PURGE_PLAN, type PurgedRecord, type PurgeReference } from '../../../domain/operations/purge-plan.ts';
import { snakeCase } from './columns.ts';

/** A purge step: deletes at most $2 rows of `record` that hang under (or are) records soft-deleted before $1. */
export interface PurgeStep {
  readonly record: PurgedRecord;
  readonly sql: string;
}

/** Each purged record's table is its name in snake case (`testCases`: `test_cases`), but for these. */
const TABLES: { readonly [R in PurgedRecord]?: string } = { inferenceGenerationItems: 'generation_items' };
const tableOf = (record: PurgedRecord): string => TABLES[record] ?? snakeCase(record);

/** A referring row counts while it is live. */
const LIVE = ' AND k.deleted_at IS NULL';

/** Span ids are unique per organization only: spans are keyed by both. */
const keyOf = (record: PurgedRecord): readonly string[] => (record === 'spans' ? ['organization_id', 'id'] : ['id']);

/** No live row (or, `evenDeleted`, no row) of another record refers to row `c` (served by organization-led indexes). */
const unreferenced = (references: readonly PurgeReference[]): string[] =>
  references.map(
    ({ record, field, evenDeleted }) =>
      `NOT EXISTS (SELECT 1 FROM ${tableOf(record)} k WHERE k.organization_id = c.organization_id
         AND k.${snakeCase(field)} = c.id${evenDeleted ? '' : LIVE})`,
  );

/** The SELECT of a step's rows, before its LIMIT. */
function candidates({ record, under, keptWhileReferencedBy = [] }: (typeof PURGE_PLAN)[number]): string {
  const [table, key] = [tableOf(record), keyOf(record)];
  const columns = key.map((column) => `c.${column}`).join(', ');
  const conditions = under ? ['p.deleted_at < $1'] : ['c.deleted_at < $1'];
  conditions.push(...unreferenced(keptWhileReferencedBy));
  const from = under
    ? `${tableOf(under.record)} p JOIN ${table} c
       ON c.organization_id = p.organization_id AND c.${snakeCase(under.field)} = p.id`
    : `${table} c`;
  return `SELECT ${columns} FROM ${from} WHERE ${conditions.join(' AND ')}`;
}

/**
 * The purge plan as SQL: each step deletes the rows whose key is among those its SELECT picks (its LIMIT bounds
 * them), counting them. Parents are found by the partial index on their soft-deleted rows.
 */
export const purgeSteps: readonly PurgeStep[] = PURGE_PLAN.map((step) => {
  const key = keyOf(step.record);
  return {
    record: step.record,
    sql: `DELETE FROM ${tableOf(step.record)} WHERE (${key.join(', ')}) IN (${candidates(step)} LIMIT $2) RETURNING 1 AS deleted`,
  };
});
