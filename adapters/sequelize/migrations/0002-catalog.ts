import type { QueryInterface } from 'sequelize';
import { column } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The catalog and dataset tables as this migration creates them; models build on these. */
export const tables = {
  sequences: {
    id: { ...column.string(), primaryKey: true },
    organizationId: column.id(),
    value: column.integer(),
  },
  products: {
    id: column.primaryId(),
    organizationId: column.id(),
    name: column.string(),
    description: column.text(),
    metadata: column.json(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  versions: {
    id: column.primaryId(),
    organizationId: column.id(),
    productId: column.id(),
    number: column.integer(),
    name: column.string(true),
    description: column.text(),
    systemPrompt: column.text(),
    parentVersionId: column.id(true),
    conversationEndpointConnectionId: column.id(true),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  specifications: {
    id: column.primaryId(),
    organizationId: column.id(),
    productId: column.id(),
    name: column.string(),
    description: column.text(),
    type: column.string(),
    descriptionKey: column.string(true),
    metricIds: column.json(false),
    testIds: column.json(false),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  metrics: {
    id: column.primaryId(),
    organizationId: column.id(),
    name: column.string(),
    description: column.text(),
    tags: column.json(false),
    source: column.string(),
    judgePrompt: column.text(),
    evaluationParams: column.json(false),
    judgeModel: column.string(true),
    algorithm: column.string(true),
    userGroupIds: column.json(false),
    metricGroupId: column.id(),
    parentMetricId: column.id(true),
    legacyAt: column.date(),
    disabledAt: column.date(),
    activeName: column.string(true),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  datasets: {
    id: column.primaryId(),
    organizationId: column.id(),
    productId: column.id(),
    specificationId: column.id(true),
    userId: column.id(),
    name: column.string(),
    type: column.string(),
    description: column.text(),
    metadata: column.json(),
    backgroundNoiseProfile: column.string(true),
    backgroundNoiseLevel: column.string(true),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
  testCases: {
    id: column.primaryId(),
    organizationId: column.id(),
    testId: column.id(),
    userId: column.id(),
    input: column.json(false),
    expectedOutput: column.text(),
    expectedTools: column.json(false),
    context: column.json(),
    source: column.string(true),
    sourceFile: column.string(true),
    confidence: column.number(),
    confidenceReason: column.text(),
    variant: column.string(true),
    strategy: column.string(true),
    languageCode: column.string(true),
    gender: column.string(true),
    backgroundNoiseProfile: column.string(true),
    backgroundNoiseLevel: column.string(true),
    userPersona: column.text(),
    scenario: column.text(),
    goal: column.text(),
    archetype: column.string(true),
    specRelevance: column.string(true),
    stoppingCriterias: column.json(false),
    maxIterations: column.integer(true),
    isAugmented: column.boolean(),
    reviewedById: column.id(true),
    userScore: column.number(),
    userScoreReason: column.text(),
    creditsUsed: column.integer(true),
    sourceTestCaseId: column.id(true),
    testCaseGroupId: column.id(),
    parentTestCaseId: column.id(true),
    legacyAt: column.date(),
    createdAt: column.date(false),
    deletedAt: column.date(),
    version: column.integer(),
  },
};

/** Sequences, products, versions, specifications, metrics, datasets (tests) and test cases. */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await createTable(queryInterface, 'sequences', tables.sequences);
  await createTable(queryInterface, 'products', tables.products);
  await createIndex(queryInterface, 'products', ['organizationId', 'name'], { unique: true });
  await createTable(queryInterface, 'versions', tables.versions);
  await createIndex(queryInterface, 'versions', ['productId', 'number'], { unique: true });
  await createIndex(queryInterface, 'versions', ['organizationId', 'productId']);
  await createTable(queryInterface, 'specifications', tables.specifications);
  await createIndex(queryInterface, 'specifications', ['productId', 'type', 'descriptionKey'], { unique: true });
  await createIndex(queryInterface, 'specifications', ['organizationId', 'productId']);
  await createTable(queryInterface, 'metrics', tables.metrics);
  await createIndex(queryInterface, 'metrics', ['organizationId', 'activeName'], { unique: true });
  await createIndex(queryInterface, 'metrics', ['organizationId', 'metricGroupId']);
  await createTable(queryInterface, 'datasets', tables.datasets);
  await createIndex(queryInterface, 'datasets', ['productId', 'name', 'type'], { unique: true });
  await createIndex(queryInterface, 'datasets', ['organizationId', 'productId']);
  await createIndex(queryInterface, 'datasets', ['specificationId']);
  await createTable(queryInterface, 'test_cases', tables.testCases);
  await createIndex(queryInterface, 'test_cases', ['organizationId', 'testId']);
  await createIndex(queryInterface, 'test_cases', ['testCaseGroupId']);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const table of ['test_cases', 'datasets', 'metrics', 'specifications', 'versions', 'products', 'sequences']) {
    await queryInterface.dropTable(table);
  }
}
