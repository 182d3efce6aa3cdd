import type { Sequelize } from 'sequelize';
import { tables } from '../migrations/0003-tracing.ts';
import { defineModel } from '../support/define-model.ts';

/** Models over the tracing tables, with the columns their migrations created. */
export function defineTracingModels(sequelize: Sequelize) {
  return {
    sessions: defineModel(sequelize, 'Session', 'sessions', tables.sessions),
    inferenceResults: defineModel(sequelize, 'InferenceResult', 'inference_results', tables.inferenceResults),
    spans: defineModel(sequelize, 'Span', 'spans', tables.spans),
  };
}
