import type { Sequelize } from 'sequelize';
import { catalogKinds } from '../../shared/record-kinds/catalog-kinds.ts';
import { tables } from '../migrations/0002-catalog.ts';
import { versionCostColumns } from '../migrations/0019-costs.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

// 0009-human-review moved the metrics' user group ids to user_group_links and dropped the column.
const { userGroupIds: _movedToLinks, ...metricColumns } = tables.metrics;
// 0013-dataset-column-names renamed test_ids to dataset_ids.
const { testIds, ...specificationColumns } = tables.specifications;

/** Models over the catalog tables: every field of each record, with the column its migration created. */
export const defineCatalogModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    products: recordModel(catalogKinds.products, { table: 'products', columns: tables.products }),
    versions: recordModel(catalogKinds.versions, {
      table: 'versions',
      columns: { ...tables.versions, ...versionCostColumns },
    }),
    specifications: recordModel(catalogKinds.specifications, {
      table: 'specifications',
      columns: { ...specificationColumns, datasetIds: testIds },
    }),
    metrics: recordModel(catalogKinds.metrics, { table: 'metrics', columns: metricColumns }),
  });
