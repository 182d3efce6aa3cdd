import type { QueryInterface } from 'sequelize';
import { column, ownedRecord, recordLifecycle } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';

/** The catalog and dataset tables as this migration creates them; models build on these. */
export const tables = {
  sequences: {
    id: { ...column.string(), primaryKey: true },
    organizationId: column.id(),
    value: column.integer(),
  },
  products: {
    ...ownedRecord(),
    name: column.string(),
    description: column.text({ nullable: true }),
    metadata: column.json({ nullable: true }),
    ...recordLifecycle(),
  },
  versions: {
    ...ownedRecord(),
    productId: column.id(),
    number: column.integer(),
    name: column.string({ nullable: true }),
    description: column.text({ nullable: true }),
    systemPrompt: column.text({ nullable: true }),
    parentVersionId: column.id({ nullable: true }),
    conversationEndpointConnectionId: column.id({ nullable: true }),
    ...recordLifecycle(),
  },
  specifications: {
    ...ownedRecord(),
    productId: column.id(),
    name: column.string(),
    description: column.text({ nullable: true }),
    type: column.string(),
    descriptionKey: column.string({ nullable: true }),
    metricIds: column.json(),
    testIds: column.json(),
    ...recordLifecycle(),
  },
  metrics: {
    ...ownedRecord(),
    name: column.string(),
    description: column.text({ nullable: true }),
    tags: column.json(),
    source: column.string(),
    judgePrompt: column.text({ nullable: true }),
    evaluationParams: column.json(),
    judgeModel: column.string({ nullable: true }),
    algorithm: column.string({ nullable: true }),
    userGroupIds: column.json(),
    metricGroupId: column.id(),
    parentMetricId: column.id({ nullable: true }),
    legacyAt: column.date({ nullable: true }),
    disabledAt: column.date({ nullable: true }),
    activeName: column.string({ nullable: true }),
    ...recordLifecycle(),
  },
  datasets: {
    ...ownedRecord(),
    productId: column.id(),
    specificationId: column.id({ nullable: true }),
    userId: column.id(),
    name: column.string(),
    type: column.string(),
    description: column.text({ nullable: true }),
    metadata: column.json({ nullable: true }),
    backgroundNoiseProfile: column.string({ nullable: true }),
    backgroundNoiseLevel: column.string({ nullable: true }),
    ...recordLifecycle(),
  },
  testCases: {
    ...ownedRecord(),
    testId: column.id(),
    userId: column.id(),
    input: column.json(),
    expectedOutput: column.text({ nullable: true }),
    expectedTools: column.json(),
    context: column.json({ nullable: true }),
    source: column.string({ nullable: true }),
    sourceFile: column.string({ nullable: true }),
    confidence: column.number({ nullable: true }),
    confidenceReason: column.text({ nullable: true }),
    variant: column.string({ nullable: true }),
    strategy: column.string({ nullable: true }),
    languageCode: column.string({ nullable: true }),
    gender: column.string({ nullable: true }),
    backgroundNoiseProfile: column.string({ nullable: true }),
    backgroundNoiseLevel: column.string({ nullable: true }),
    userPersona: column.text({ nullable: true }),
    scenario: column.text({ nullable: true }),
    goal: column.text({ nullable: true }),
    archetype: column.string({ nullable: true }),
    specRelevance: column.string({ nullable: true }),
    stoppingCriterias: column.json(),
    maxIterations: column.integer({ nullable: true }),
    isAugmented: column.boolean(),
    reviewedById: column.id({ nullable: true }),
    userScore: column.number({ nullable: true }),
    userScoreReason: column.text({ nullable: true }),
    creditsUsed: column.integer({ nullable: true }),
    sourceTestCaseId: column.id({ nullable: true }),
    testCaseGroupId: column.id(),
    parentTestCaseId: column.id({ nullable: true }),
    legacyAt: column.date({ nullable: true }),
    ...recordLifecycle(),
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
