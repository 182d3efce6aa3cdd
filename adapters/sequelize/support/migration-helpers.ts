import type { ModelAttributeColumnOptions, QueryInterface } from 'sequelize';
import { snakeCase } from './columns.ts';

/** Creates a table from camelCase fields, storing them as snake_case columns. */
export async function createTable(
  queryInterface: QueryInterface,
  table: string,
  fields: Record<string, ModelAttributeColumnOptions>,
): Promise<void> {
  const columns = Object.fromEntries(
    Object.entries(fields).map(([name, options]) => [snakeCase(name), { ...options }]),
  );
  await queryInterface.createTable(table, columns);
}

/** An index over camelCase fields; `unique` ones hold among live rows only (soft-deleted rows are free). */
export async function createIndex(
  queryInterface: QueryInterface,
  table: string,
  fields: readonly string[],
  options: { unique?: boolean } = {},
): Promise<void> {
  const columns = fields.map(snakeCase);
  const name = `${table}_${columns.join('_')}_${options.unique ? 'unique' : 'idx'}`;
  const live = options.unique ? ' WHERE deleted_at IS NULL' : '';
  await queryInterface.sequelize.query(
    `CREATE ${options.unique ? 'UNIQUE ' : ''}INDEX ${name} ON ${table} (${columns.join(', ')})${live}`,
  );
}
