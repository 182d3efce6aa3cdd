import type { Sequelize } from 'sequelize';
import { datasetKinds } from '../../shared/record-kinds/dataset-kinds.ts';
import { tables } from '../migrations/0002-catalog.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

// 0013-dataset-column-names renamed test_id to dataset_id.
const { testId, ...testCaseColumns } = tables.testCases;

/** Models over the dataset tables (created by the catalog migration): every field, with the column it created. */
export const defineDatasetModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    datasets: recordModel(datasetKinds.datasets, { table: 'datasets', columns: tables.datasets }),
    testCases: recordModel(datasetKinds.testCases, {
      table: 'test_cases',
      columns: { ...testCaseColumns, datasetId: testId },
    }),
  });
