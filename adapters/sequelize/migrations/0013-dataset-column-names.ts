import type { QueryInterface } from 'sequelize';

/** Columns named for datasets as the code names them (the API keeps its `test` words): old name, new name. */
const RENAMES = [
  ['specifications', 'test_ids', 'dataset_ids'],
  ['test_cases', 'test_id', 'dataset_id'],
] as const;

/**
 * Renames the columns that pointed at datasets under the API's word. Plain `ALTER TABLE … RENAME COLUMN` on both
 * databases keeps the indexes over the column (Sequelize's SQLite rename would rebuild the table without them).
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [table, from, to] of RENAMES)
    await queryInterface.sequelize.query(`ALTER TABLE ${table} RENAME COLUMN ${from} TO ${to}`);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [table, from, to] of RENAMES)
    await queryInterface.sequelize.query(`ALTER TABLE ${table} RENAME COLUMN ${to} TO ${from}`);
}
