import type { QueryInterface } from 'sequelize';
import { column, snakeCase } from '../support/columns.ts';
import { createIndex } from '../support/migration-helpers.ts';

/**
 * Columns added to `marketplace_operations`: the id of the token that carried each operation (unique, so a token
 * serves one operation), and why a declined one was declined (so a redelivery is answered the same).
 */
export const marketplaceOperationColumns = {
  tokenId: column.string({ nullable: true }),
  declinedField: column.string({ nullable: true }),
  declinedReason: column.text({ nullable: true }),
};

export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [field, options] of Object.entries(marketplaceOperationColumns))
    await queryInterface.addColumn('marketplace_operations', snakeCase(field), { ...options });
  await createIndex(queryInterface, 'marketplace_operations', ['tokenId'], { unique: true });
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX marketplace_operations_token_id_unique');
  for (const field of Object.keys(marketplaceOperationColumns))
    await queryInterface.sequelize.query(`ALTER TABLE marketplace_operations DROP COLUMN ${snakeCase(field)}`);
}
