import type { Sequelize } from 'sequelize';
import { runKinds } from '../../shared/record-kinds/run-kinds.ts';
import { tables } from '../migrations/0006-runs.ts';
import { launchColumns } from '../migrations/0011-endpoint-connections.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the run tables: every field of each record, with the column its migrations created. */
export const defineRunModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    runs: recordModel(runKinds.runs, { table: 'runs', columns: tables.runs }),
    launches: recordModel(runKinds.launches, { table: 'launches', columns: { ...tables.launches, ...launchColumns } }),
  });
