import type { StoragePorts } from '../../application/ports/ports.ts';
import { datasetGenerationKinds } from '../shared/record-kinds/dataset-generation-kinds.ts';
import { MemoryRecordStore } from './memory-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The generation jobs and knowledge files stores of the in-memory world. */
export function createMemoryDatasetGenerationStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'generationJobs' | 'knowledgeFiles'> {
  return {
    generationJobs: new MemoryRecordStore(datasetGenerationKinds.generationJobs, uow),
    knowledgeFiles: new MemoryRecordStore(datasetGenerationKinds.knowledgeFiles, uow),
  };
}
