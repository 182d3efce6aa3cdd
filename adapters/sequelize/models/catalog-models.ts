import type { Sequelize } from 'sequelize';
import { tables } from '../migrations/0002-catalog.ts';
import { defineModel } from '../support/define-model.ts';

/** Models over the catalog and dataset tables, with the columns their migration created. */
export function defineCatalogModels(sequelize: Sequelize) {
  return {
    products: defineModel(sequelize, 'Product', 'products', tables.products),
    versions: defineModel(sequelize, 'Version', 'versions', tables.versions),
    specifications: defineModel(sequelize, 'Specification', 'specifications', tables.specifications),
    metrics: defineModel(sequelize, 'Metric', 'metrics', tables.metrics),
    datasets: defineModel(sequelize, 'Dataset', 'datasets', tables.datasets),
    testCases: defineModel(sequelize, 'TestCase', 'test_cases', tables.testCases),
  };
}
