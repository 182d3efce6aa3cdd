import type { Model, ModelStatic, Transaction } from 'sequelize';
import { boundValue, modelColumns } from './column-values.ts';
import { sharedColumns } from './shared-columns.ts';
import { connectionOf } from './transaction-context.ts';

interface PgRunner {
  query(statement: PgInsertStatement): Promise<unknown>;
}

/** Rows per statement: 1000 rows of a wide table stay well under PostgreSQL's 65,535 bound parameters. */
const PG_ROWS_PER_STATEMENT = 1000;

/**
 * PostgreSQL's hot path for a batch inside a transaction, existing ids ignored, run on the transaction's own
 * connection through the driver: `INSERT … VALUES ($…), … ON CONFLICT DO NOTHING`, every value bound, a column
 * holding one value in every row of the chunk (the organization, the creation time, a null) bound once and named by
 * every row. The rows once travelled as one JSON parameter unpacked by `json_populate_recordset`: PostgreSQL then
 * parsed a megabyte of JSON per batch before converting each value, twice the database's CPU of bound values.
 * Statements of the common shapes are prepared once per connection (named). Returns false when there is no
 * transaction connection to run on. The statements come from `encodePgInsert`, which may run before the transaction.
 */
export async function pgBoundInsert(
  statements: readonly PgInsertStatement[],
  transaction: Transaction | undefined,
): Promise<boolean> {
  const connection = connectionOf<PgRunner>(transaction);
  if (!connection) return false;
  for (const statement of statements) await connection.query(statement);
  return true;
}

export interface PgInsertStatement {
  /** Set for a statement prepared once per connection; absent for one planned each time. */
  readonly name?: string;
  readonly text: string;
  readonly values: readonly unknown[];
}

/** The batch as insert statements of at most PG_ROWS_PER_STATEMENT rows, with their bound values. */
export function encodePgInsert(model: ModelStatic<Model>, records: readonly object[]): PgInsertStatement[] {
  const columns = modelColumns(model);
  const table = model.getTableName() as string;
  const statements: PgInsertStatement[] = [];
  for (let start = 0; start < records.length; start += PG_ROWS_PER_STATEMENT) {
    const chunk = records.slice(start, start + PG_ROWS_PER_STATEMENT) as readonly Record<string, unknown>[];
    const shared = sharedColumns(chunk, columns.length, (record, index) => record[columns[index].field]);
    const values: unknown[] = [];
    for (let index = 0; index < columns.length; index++)
      if (shared[index]) values.push(boundValue('postgres', columns[index].kind, chunk[0][columns[index].field]));
    for (const record of chunk)
      for (let index = 0; index < columns.length; index++)
        if (!shared[index]) values.push(boundValue('postgres', columns[index].kind, record[columns[index].field]));
    const { name, text } = insertStatement(table, columns, chunk.length, shared);
    statements.push(name === undefined ? { text, values } : { name, text, values });
  }
  return statements;
}

/** Statement texts by shape (table, row count, shared columns), with the name of those prepared per connection. */
const statements = new Map<string, { readonly name?: string; readonly text: string }>();
const STATEMENTS_KEPT = 64;
/**
 * Shapes prepared per connection, at most: each holds a plan in every pooled connection for the connection's life,
 * so only full chunks, and a bounded number of shapes, are named; the others are planned each time.
 */
const NAMED_SHAPES = 16;
const named = new Map<string, string>();

function insertStatement(
  table: string,
  columns: readonly { readonly column: string }[],
  rows: number,
  shared: boolean[],
): { readonly name?: string; readonly text: string } {
  const key = `${table}:${rows}:${shared.map(Number).join('')}`;
  let statement = statements.get(key);
  if (statement === undefined) {
    let parameter = 0;
    const sharedParameter = shared.map((isShared) => (isShared ? ++parameter : 0));
    const row = () => `(${columns.map((_, index) => `$${sharedParameter[index] || ++parameter}`).join(', ')})`;
    const names = columns.map((column) => column.column).join(', ');
    const text = `INSERT INTO ${table} (${names}) VALUES ${Array.from({ length: rows }, row).join(', ')} ON CONFLICT DO NOTHING`;
    if (rows === PG_ROWS_PER_STATEMENT && !named.has(key) && named.size < NAMED_SHAPES)
      named.set(key, `bulk_insert_${named.size}`);
    const name = named.get(key);
    statement = name === undefined ? { text } : { name, text };
    if (statements.size >= STATEMENTS_KEPT) statements.clear();
    statements.set(key, statement);
  }
  return statement;
}
