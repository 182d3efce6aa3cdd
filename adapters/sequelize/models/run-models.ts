import type { Sequelize } from 'sequelize';
import type { Launch } from '../../../domain/run/launch.ts';
import type { Run } from '../../../domain/run/run.ts';
import { tables } from '../migrations/0006-runs.ts';
import { launchColumns } from '../migrations/0011-endpoint-connections.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the run tables: every field of each record, with the column its migrations created. */
export const defineRunModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    runs: { name: 'Run', table: 'runs', columns: columnsOf<Run>()(tables.runs) },
    launches: {
      name: 'Launch',
      table: 'launches',
      columns: columnsOf<Launch>()({ ...tables.launches, ...launchColumns }),
    },
  });
