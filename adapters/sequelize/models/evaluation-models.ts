import type { Sequelize } from 'sequelize';
import { tables } from '../migrations/0004-evaluations.ts';
import { defineModel } from '../support/define-model.ts';

/** Models over the evaluation tables, with the columns their migrations created. */
export function defineEvaluationModels(sequelize: Sequelize) {
  return {
    evaluations: defineModel(sequelize, 'Evaluation', 'evaluations', tables.evaluations),
  };
}
