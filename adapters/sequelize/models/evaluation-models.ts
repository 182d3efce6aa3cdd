import type { Sequelize } from 'sequelize';
import { evaluationKinds } from '../../shared/record-kinds/evaluation-kinds.ts';
import { tables } from '../migrations/0004-evaluations.ts';
import { addedColumns } from '../migrations/0006-runs.ts';
import { evaluationColumns } from '../migrations/0009-human-review.ts';
import { evaluationColumns as monitorColumns } from '../migrations/0021-monitors.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the evaluation tables: every field of each record, with the column its migrations created. */
export const defineEvaluationModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    evaluations: recordModel(evaluationKinds.evaluations, {
      table: 'evaluations',
      columns: { ...tables.evaluations, ...addedColumns.evaluations, ...evaluationColumns, ...monitorColumns },
    }),
  });
