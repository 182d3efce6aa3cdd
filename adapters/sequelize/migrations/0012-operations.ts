import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle, snakeCase } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** Columns this migration adds to `subscriptions`: the marketplace link and the last applied operation's time. */
export const subscriptionColumns = {
  marketplaceSubscriptionId: column.string({ nullable: true }),
  marketplaceOperationAt: column.string({ nullable: true }),
};

/** Columns added to `api_keys`: session keys from sign-in expire. */
export const apiKeyColumns = {
  expiresAt: column.date({ nullable: true }),
};

/** Columns added to `organizations`: which credit warning was last mailed (null, LOW or EMPTY). */
export const organizationColumns = {
  creditWarningLevel: column.string({ nullable: true }),
};

/** The tables as this migration creates them. */
export const tables = {
  marketplaceOperations: {
    id: column.primaryId(),
    marketplaceSubscriptionId: column.string(),
    organizationId: column.id({ nullable: true }),
    action: column.string(),
    operationAt: column.string(),
    outcome: column.string(),
    createdAt: column.date(),
    deletedAt: column.date({ nullable: true }),
  },
  mfaChallenges: {
    ...ownedRecord(),
    userId: column.id(),
    codeHash: column.string(),
    expiresAt: column.date(),
    failedAttempts: column.integer(),
    usedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
};

const added = {
  subscriptions: subscriptionColumns,
  api_keys: apiKeyColumns,
  organizations: organizationColumns,
};

/** Marketplace operations, MFA challenges, session key expiry, credit warning level, and the shared rate-limit table. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [table, columns] of Object.entries(added))
    for (const [field, options] of Object.entries(columns))
      await queryInterface.addColumn(table, snakeCase(field), { ...options });
  await createIndex(queryInterface, 'subscriptions', ['marketplaceSubscriptionId'], { unique: true });
  await createTable(queryInterface, 'marketplace_operations', tables.marketplaceOperations);
  await createTable(queryInterface, 'mfa_challenges', tables.mfaChallenges);
  await createIndex(queryInterface, 'mfa_challenges', ['userId']);
  // The layout rate-limiter-flexible's PostgreSQL store expects (it is told the table exists).
  await queryInterface.sequelize.query(
    'CREATE TABLE rate_limits (key VARCHAR(255) PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire BIGINT)',
  );
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('rate_limits');
  await queryInterface.dropTable('mfa_challenges');
  await queryInterface.dropTable('marketplace_operations');
  await queryInterface.sequelize.query('DROP INDEX subscriptions_marketplace_subscription_id_unique');
  for (const [table, columns] of Object.entries(added))
    for (const field of Object.keys(columns))
      await queryInterface.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${snakeCase(field)}`);
}
