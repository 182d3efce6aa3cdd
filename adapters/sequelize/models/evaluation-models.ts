import type { Sequelize } from 'sequelize';
import type { Evaluation } from '../../../domain/evaluation/evaluation.ts';
import { tables } from '../migrations/0004-evaluations.ts';
import { addedColumns } from '../migrations/0006-runs.ts';
import { evaluationColumns } from '../migrations/0009-human-review.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the evaluation tables: every field of each record, with the column its migrations created. */
export const defineEvaluationModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    evaluations: {
      name: 'Evaluation',
      table: 'evaluations',
      columns: columnsOf<Evaluation>()({ ...tables.evaluations, ...addedColumns.evaluations, ...evaluationColumns }),
    },
  });
