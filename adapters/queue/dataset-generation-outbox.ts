import type { DatasetGenerationJob } from '../../application/ports/job-queue.ts';
import type { RecordStore } from '../../application/ports/record-store.ts';
import type { GenerationJob } from '../../domain/dataset-generation/generation-job.ts';

/**
 * The in-process queue's outbox of dataset generation jobs: the queued and active jobs (active when a stopped process
 * left them halfway) of every organization, oldest first.
 */
export const openDatasetGenerationJobs =
  (jobs: RecordStore<GenerationJob>) =>
  async (limit: number): Promise<DatasetGenerationJob[]> =>
    (
      await jobs.list(null, {
        where: [{ field: 'state', op: 'in', values: ['queued', 'active'] }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((job) => ({ organizationId: job.organizationId, jobId: job.id }));
