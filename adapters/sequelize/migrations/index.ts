import type { QueryInterface } from 'sequelize';
import * as identity from './0001-identity.ts';
import * as catalog from './0002-catalog.ts';
import * as tracing from './0003-tracing.ts';
import * as evaluations from './0004-evaluations.ts';
import * as runs from './0006-runs.ts';
import * as humanReview from './0009-human-review.ts';
import * as spanIdsPerOrganization from './0010-span-ids-per-organization.ts';
import * as endpointConnections from './0011-endpoint-connections.ts';
import * as operations from './0012-operations.ts';
import * as datasetColumnNames from './0013-dataset-column-names.ts';
import * as listOrderIndexes from './0014-list-order-indexes.ts';
import * as traceRetention from './0015-trace-retention.ts';
import * as modelAndUsage from './0016-model-and-usage.ts';
import * as marketplaceTokenBinding from './0017-marketplace-token-binding.ts';
import * as listFilterIndexes from './0018-list-filter-indexes.ts';
import * as costs from './0019-costs.ts';
import * as hourlyUsage from './0020-hourly-usage.ts';
import * as monitors from './0021-monitors.ts';
import * as alertOnce from './0022-alert-once.ts';
import * as datasetGeneration from './0023-dataset-generation.ts';
import * as minuteUsage from './0024-minute-usage.ts';
import * as listPairIndexes from './0025-list-pair-indexes.ts';
import * as purgeIndexes from './0026-purge-indexes.ts';
import * as pendingParentIndex from './0027-pending-parent-index.ts';
import * as spanLagBounds from './0028-span-lag-bounds.ts';
import * as monitorTickOrder from './0029-monitor-tick-order.ts';

export interface Migration {
  readonly name: string;
  up(params: { context: QueryInterface }): Promise<void>;
  down(params: { context: QueryInterface }): Promise<void>;
}

/** Every migration in the order it applies; append new ones, never edit an applied one. */
export const migrations: readonly Migration[] = [
  { name: '0001-identity', ...identity },
  { name: '0002-catalog', ...catalog },
  { name: '0003-tracing', ...tracing },
  { name: '0004-evaluations', ...evaluations },
  { name: '0006-runs', ...runs },
  { name: '0009-human-review', ...humanReview },
  { name: '0010-span-ids-per-organization', ...spanIdsPerOrganization },
  { name: '0011-endpoint-connections', ...endpointConnections },
  { name: '0012-operations', ...operations },
  { name: '0013-dataset-column-names', ...datasetColumnNames },
  { name: '0014-list-order-indexes', ...listOrderIndexes },
  { name: '0015-trace-retention', ...traceRetention },
  { name: '0016-model-and-usage', ...modelAndUsage },
  { name: '0017-marketplace-token-binding', ...marketplaceTokenBinding },
  { name: '0018-list-filter-indexes', ...listFilterIndexes },
  { name: '0019-costs', ...costs },
  { name: '0020-hourly-usage', ...hourlyUsage },
  { name: '0021-monitors', ...monitors },
  { name: '0022-alert-once', ...alertOnce },
  { name: '0023-dataset-generation', ...datasetGeneration },
  { name: '0024-minute-usage', ...minuteUsage },
  { name: '0025-list-pair-indexes', ...listPairIndexes },
  { name: '0026-purge-indexes', ...purgeIndexes },
  { name: '0027-pending-parent-index', ...pendingParentIndex },
  { name: '0028-span-lag-bounds', ...spanLagBounds },
  { name: '0029-monitor-tick-order', ...monitorTickOrder },
];
