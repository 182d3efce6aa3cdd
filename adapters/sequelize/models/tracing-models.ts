import type { Sequelize } from 'sequelize';
import { tracingKinds } from '../../shared/record-kinds/tracing-kinds.ts';
import { tables } from '../migrations/0003-tracing.ts';
import { tables as perOrganization } from '../migrations/0010-span-ids-per-organization.ts';
import { inferenceResultColumns, spanColumns } from '../migrations/0016-model-and-usage.ts';
import { inferenceResultCostColumns } from '../migrations/0019-costs.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the tracing tables: every field of each record, with the column its migrations created. */
export const defineTracingModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    sessions: recordModel(tracingKinds.sessions, { table: 'sessions', columns: tables.sessions }),
    inferenceResults: recordModel(tracingKinds.inferenceResults, {
      table: 'inference_results',
      columns: { ...tables.inferenceResults, ...inferenceResultColumns, ...inferenceResultCostColumns },
    }),
    spans: recordModel(tracingKinds.spans, { table: 'spans', columns: { ...perOrganization.spans, ...spanColumns } }),
  });
