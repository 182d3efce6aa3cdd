import type { Model, ModelStatic } from 'sequelize';
import { modelColumns } from './column-values.ts';
import { sharedColumns } from './shared-columns.ts';

export interface PgRunner {
  query(statement: { text: string; values: readonly unknown[] }): Promise<{ readonly rowCount: number | null }>;
}

/**
 * PostgreSQL's hot path for a batch, existing ids ignored, run on a connection through the driver (a transaction's,
 * or one of its own outside a transaction, the statement being atomic by itself) (Sequelize's query path scans the megabyte parameter for NUL characters, which JSON
 * escapes anyway, and rescans the statement for placeholders). The rows travel as one JSON parameter unpacked by
 * `json_populate_recordset`; a column holding one value in every row (the organization, the creation time, a null)
 * travels once, as a second one-row JSON parameter, instead of once per row. The statement comes from
 * `encodePgInsert`, which may run before the transaction. Answers the rows written (ignored ones not counted).
 */
export async function pgJsonInsert(statement: PgInsertStatement, connection: PgRunner): Promise<number> {
  return (await connection.query(statement)).rowCount ?? 0;
}

export interface PgInsertStatement {
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The batch (at least one record) as one insert statement with its two JSON parameters. */
export function encodePgInsert(model: ModelStatic<Model>, records: readonly object[]): PgInsertStatement {
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
