import type { Sequelize } from 'sequelize';
import type { Dataset } from '../../../domain/dataset/dataset.ts';
import type { TestCase } from '../../../domain/dataset/test-case.ts';
import { tables } from '../migrations/0002-catalog.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the dataset tables (created by the catalog migration): every field, with the column it created. */
export const defineDatasetModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    datasets: { name: 'Dataset', table: 'datasets', columns: columnsOf<Dataset>()(tables.datasets) },
    testCases: { name: 'TestCase', table: 'test_cases', columns: columnsOf<TestCase>()(tables.testCases) },
  });
