import type { QueryInterface } from 'sequelize';
import { column, recordLifecycle, snakeCase } from '../support/columns.ts';
import { createTable } from '../support/migration-helpers.ts';

/** The tables and columns as this migration creates them; models build on these. */
export const tables = {
  modelPrices: {
    id: column.primaryId(),
    organizationId: column.id({ nullable: true }),
    name: column.string(),
    matchPattern: column.string({ nullable: true }),
    costPerInputToken: column.number(),
    costPerOutputToken: column.number(),
    costPerCacheReadInputToken: column.number({ nullable: true }),
    costPerCacheCreationInputToken: column.number({ nullable: true }),
    costPerInputTokenAbove128k: column.number({ nullable: true }),
    costPerOutputTokenAbove128k: column.number({ nullable: true }),
    tokenizerProvider: column.string({ nullable: true }),
    source: column.text({ nullable: true }),
    updatedAt: column.date(),
    ...recordLifecycle(),
  },
  repricings: {
    id: column.primaryId(),
    organizationId: column.id(),
    modelId: column.id({ nullable: true }),
    versionId: column.id({ nullable: true }),
    allOrganizations: column.boolean(),
    state: column.string(),
    afterId: column.id({ nullable: true }),
    repricedCount: column.integer(),
    finishedAt: column.date({ nullable: true }),
    ...recordLifecycle(),
  },
  usageRollups: {
    organizationId: column.id(),
    day: column.string(),
    versionId: column.id(),
    model: column.string(),
    productId: column.id(),
    inferenceResultCount: column.number(),
    inputTokens: column.number(),
    outputTokens: column.number(),
    cacheReadInputTokens: column.number(),
    costNanos: column.number(),
  },
};

/** Columns added to `inference_results`: the prices applied, where the cost came from, and the exact cost. */
export const inferenceResultCostColumns = {
  costPerInputToken: column.number({ nullable: true }),
  costPerOutputToken: column.number({ nullable: true }),
  costPerCacheReadInputToken: column.number({ nullable: true }),
  costSource: column.string({ nullable: true }),
  costNanos: column.number({ nullable: true }),
  priceModelId: column.id({ nullable: true }),
  usageSource: column.string({ nullable: true }),
  modelSource: column.string({ nullable: true }),
};

/** Columns added to `versions`: the model a version names. */
export const versionCostColumns = { modelId: column.id({ nullable: true }) };

const added = { inference_results: inferenceResultCostColumns, versions: versionCostColumns };

const INDEXES = [
  'CREATE UNIQUE INDEX model_prices_organization_id_name_unique ON model_prices (organization_id, name) WHERE deleted_at IS NULL',
  'CREATE UNIQUE INDEX model_prices_platform_name_unique ON model_prices (name) WHERE deleted_at IS NULL AND organization_id IS NULL',
  'CREATE INDEX model_prices_organization_id_created_at_idx ON model_prices (organization_id, created_at, id)',
  'CREATE UNIQUE INDEX usage_rollups_key ON usage_rollups (organization_id, day, version_id, model)',
  'CREATE INDEX usage_rollups_product_idx ON usage_rollups (organization_id, product_id, day)',
  'CREATE INDEX inference_results_price_model_idx ON inference_results (price_model_id, id) WHERE price_model_id IS NOT NULL',
  'CREATE INDEX repricings_state_idx ON repricings (state, created_at)',
  'CREATE INDEX versions_model_idx ON versions (organization_id, model_id) WHERE model_id IS NOT NULL',
];

/** Model prices, repricing jobs, usage rollups (one row per organization, day, version and model), turns' prices. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'model_prices', tables.modelPrices);
  await createTable(queryInterface, 'repricings', tables.repricings);
  await createTable(queryInterface, 'usage_rollups', tables.usageRollups);
  for (const [table, columns] of Object.entries(added))
    for (const [field, options] of Object.entries(columns))
      await queryInterface.addColumn(table, snakeCase(field), { ...options });
  for (const sql of INDEXES) await queryInterface.sequelize.query(sql);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX inference_results_price_model_idx');
  await queryInterface.sequelize.query('DROP INDEX versions_model_idx');
  for (const [table, columns] of Object.entries(added))
    for (const field of Object.keys(columns))
      await queryInterface.sequelize.query(`ALTER TABLE ${table} DROP COLUMN ${snakeCase(field)}`);
  for (const table of ['usage_rollups', 'repricings', 'model_prices']) await queryInterface.dropTable(table);
}
