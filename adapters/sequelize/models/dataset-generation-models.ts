import type { Sequelize } from 'sequelize';
import { datasetGenerationKinds } from '../../shared/record-kinds/dataset-generation-kinds.ts';
import { tables } from '../migrations/0023-dataset-generation.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the generation jobs and knowledge files tables. */
export const defineDatasetGenerationModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    generationJobs: recordModel(datasetGenerationKinds.generationJobs, {
      table: 'generation_jobs',
      columns: tables.generationJobs,
    }),
    knowledgeFiles: recordModel(datasetGenerationKinds.knowledgeFiles, {
      table: 'knowledge_files',
      columns: tables.knowledgeFiles,
    }),
  });
