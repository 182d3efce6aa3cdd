import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The tables as this migration creates them; models build on these so schema and model agree. */
export const tables = {
  organizations: {
    id: column.primaryId(),
    name: column.string(),
    remainingSubscriptionCredits: column.integer(true),
    extraCredits: column.integer(),
    lastWarningAt: column.date(),
    warningAt: column.integer(true),
    billingCustomerId: column.string(true),
    samlEntrypointUrl: column.text(),
    samlEntityId: column.text(),
    samlIssuerId: column.text(),
    samlPublicCertificate: column.text(),
    samlTeamSlug: column.string(true),
    samlSignedResponse: column.boolean(true),
    samlSignedAssertions: column.boolean(true),
    enforceMfa: column.boolean(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  subscriptions: {
    id: column.primaryId(),
    organizationId: column.id(),
    plan: column.string(),
    status: column.string(),
    quantity: column.integer(),
    createdAt: column.date(false),
    updatedAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  users: {
    id: column.primaryId(),
    organizationId: column.id(),
    email: column.string(),
    name: column.string(),
    role: column.string(),
    passwordHash: column.string(true),
    providerAId: column.string(true),
    providerBId: column.string(true),
    providerCId: column.string(true),
    samlId: column.string(true),
    analyticsConsent: column.boolean(true),
    marketingConsent: column.boolean(),
    mfaSource: column.string(true),
    firstSignInAt: column.date(),
    latestSignInAt: column.date(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  apiKeys: {
    id: column.primaryId(),
    organizationId: column.id(),
    userId: column.id(),
    name: column.string(),
    secretHash: column.string(),
    prefix: column.string(),
    createdAt: column.date(false),
    revokedAt: column.date(),
    deletedAt: column.date(),
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
