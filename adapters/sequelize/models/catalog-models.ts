import type { Sequelize } from 'sequelize';
import type { Metric } from '../../../domain/catalog/metric.ts';
import type { Product } from '../../../domain/catalog/product.ts';
import type { Specification } from '../../../domain/catalog/specification.ts';
import type { Version } from '../../../domain/catalog/version.ts';
import { tables } from '../migrations/0002-catalog.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

// 0009-human-review moved the metrics' user group ids to user_group_links and dropped the column.
const { userGroupIds: _movedToLinks, ...metricColumns } = tables.metrics;

/** Models over the catalog tables: every field of each record, with the column its migration created. */
export const defineCatalogModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    products: { name: 'Product', table: 'products', columns: columnsOf<Product>()(tables.products) },
    versions: { name: 'Version', table: 'versions', columns: columnsOf<Version>()(tables.versions) },
    specifications: {
      name: 'Specification',
      table: 'specifications',
      columns: columnsOf<Specification>()(tables.specifications),
    },
    metrics: { name: 'Metric', table: 'metrics', columns: columnsOf<Metric>()(metricColumns) },
  });
