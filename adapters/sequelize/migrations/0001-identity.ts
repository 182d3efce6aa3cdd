import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  organizations: {
    id: column.primaryId(),
    name: column.string(),
    remainingSubscriptionCredits: column.integer({ nullable: true }),
    extraCredits: column.integer(),
    lastWarningAt: column.date({ nullable: true }),
    warningAt: column.integer({ nullable: true }),
    billingCustomerId: column.string({ nullable: true }),
    samlEntrypointUrl: column.text({ nullable: true }),
    samlEntityId: column.text({ nullable: true }),
    samlIssuerId: column.text({ nullable: true }),
    samlPublicCertificate: column.text({ nullable: true }),
    samlTeamSlug: column.string({ nullable: true }),
    samlSignedResponse: column.boolean({ nullable: true }),
    samlSignedAssertions: column.boolean({ nullable: true }),
    enforceMfa: column.boolean(),
    ...recordLifecycle(),
  },
  subscriptions: {
    ...ownedRecord(),
    plan: column.string(),
    status: column.string(),
    quantity: column.integer(),
    createdAt: column.date(),
    updatedAt: column.date(),
    deletedAt: column.date({ nullable: true }),
    version: column.integer(),
  },
  users: {
    ...ownedRecord(),
    email: column.string(),
    name: column.string(),
    role: column.string(),
    passwordHash: column.string({ nullable: true }),
    providerAId: column.string({ nullable: true }),
    providerBId: column.string({ nullable: true }),
    providerCId: column.string({ nullable: true }),
    samlId: column.string({ nullable: true }),
    analyticsConsent: column.boolean({ nullable: true }),
    marketingConsent: column.boolean(),
    mfaSource: column.string({ nullable: true }),
    firstSignInAt: column.date({ nullable: true }),
    latestSignInAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
  apiKeys: {
    ...ownedRecord(),
    userId: column.id(),
    name: column.string(),
    secretHash: column.string(),
    prefix: column.string(),
    createdAt: column.date(),
    revokedAt: column.date({ nullable: true }),
    deletedAt: column.date({ nullable: true }),
  },
};

/** Organizations, their subscriptions, users and API keys. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'organizations', tables.organizations);
  await createTable(queryInterface, 'subscriptions', tables.subscriptions);
  await createTable(queryInterface, 'users', tables.users);
  await createIndex(queryInterface, 'users', ['email'], { unique: true });
  await createIndex(queryInterface, 'users', ['organizationId']);
  await createTable(queryInterface, 'api_keys', tables.apiKeys);
  await createIndex(queryInterface, 'api_keys', ['secretHash'], { unique: true });
  await createIndex(queryInterface, 'api_keys', ['organizationId', 'userId']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of ['api_keys', 'users', 'subscriptions', 'organizations']) await queryInterface.dropTable(table);
}
