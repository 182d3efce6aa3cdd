import type { StoragePorts } from '../../application/ports/ports.ts';
import { datasetGenerationKinds } from '../shared/record-kinds/dataset-generation-kinds.ts';
import { defineDatasetGenerationModels } from './models/dataset-generation-models.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';
import { type SequelizeStorage, sequelizeStorageGroup, storeOf } from './sequelize-storage-group.ts';

type DatasetGenerationPorts = Pick<StoragePorts, 'generationJobs' | 'knowledgeFiles'>;

/** The generation jobs and knowledge files stores on SQLite or PostgreSQL. */
export const createSequelizeDatasetGenerationStorage: SequelizeStorage<DatasetGenerationPorts> = sequelizeStorageGroup(
  defineDatasetGenerationModels,
  {
    generationJobs: storeOf(SequelizeRecordStore, datasetGenerationKinds.generationJobs),
    knowledgeFiles: storeOf(SequelizeRecordStore, datasetGenerationKinds.knowledgeFiles),
  },
);
