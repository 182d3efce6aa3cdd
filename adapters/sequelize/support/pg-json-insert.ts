import type { Model, ModelStatic, Transaction } from 'sequelize';
import { modelColumns } from './column-values.ts';
import { sharedColumns } from './shared-columns.ts';
import { connectionOf } from './transaction-context.ts';

interface PgRunner {
  query(statement: { text: string; values: readonly unknown[] }): Promise<unknown>;
}

/**
 * PostgreSQL's hot path for a batch inside a transaction, existing ids ignored, run on the transaction's own
 * connection through the driver (Sequelize's query path scans the megabyte parameter for NUL characters, which JSON
 * escapes anyway, and rescans the statement for placeholders). The rows travel as one JSON parameter unpacked by
 * `json_populate_recordset`; a column holding one value in every row (the organization, the creation time, a null)
 * travels once, as a second one-row JSON parameter, instead of once per row. Returns false when there is no
 * transaction connection to run on.
 */
export async function pgJsonInsert(
  model: ModelStatic<Model>,
  records: readonly object[],
  transaction: Transaction | undefined,
): Promise<boolean> {
  const connection = connectionOf<PgRunner>(transaction);
  if (!connection) return false;
  if (records.length > 0) await connection.query(staged.get(records) ?? encodeInsert(model, records));
  return true;
}

interface EncodedStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** Batches encoded ahead of their insert (`stagePgInsert`), by the very array later inserted. */
const staged = new WeakMap<readonly object[], EncodedStatement>();

/** Encodes a batch for a coming `pgJsonInsert` of the same array, before its transaction (see `stageSqliteInsert`). */
export function stagePgInsert(model: ModelStatic<Model>, records: readonly object[]): void {
  if (records.length > 0) staged.set(records, encodeInsert(model, records));
}

function encodeInsert(model: ModelStatic<Model>, records: readonly object[]): EncodedStatement {
  const columns = modelColumns(model);
  const table = model.getTableName() as string;
  const valueAt = (record: object, index: number) => (record as Record<string, unknown>)[columns[index].field] ?? null;
  const shared = sharedColumns(records, columns.length, valueAt);
  const once: Record<string, unknown> = {};
  for (const [index, { column }] of columns.entries()) if (shared[index]) once[column] = valueAt(records[0], index);
  const rows = records.map((record) => {
    const row: Record<string, unknown> = {};
    for (const [index, { column }] of columns.entries()) if (!shared[index]) row[column] = valueAt(record, index);
    return row;
  });
  const names = columns.map(({ column }) => column).join(', ');
  const select = columns.map(({ column }, index) => `${shared[index] ? 's' : 'r'}.${column}`).join(', ');
  return {
    text:
      `INSERT INTO ${table} (${names}) SELECT ${select} FROM json_populate_recordset(NULL::${table}, $1::json) r, ` +
      `json_populate_record(NULL::${table}, $2::json) s ON CONFLICT DO NOTHING`,
    values: [JSON.stringify(rows), JSON.stringify(once)],
  };
}
