import type { InferenceGenerationJob } from '../../application/ports/job-queue.ts';
import type { BulkRecordStore } from '../../application/ports/bulk-record-store.ts';
import type { InferenceGenerationItem } from '../../domain/inference-generation/inference-generation-item.ts';

/**
 * The in-process queue's outbox of generation jobs over the generation items: the open ones (QUEUED, or RUNNING when a
 * stopped process left them halfway) of every organization, oldest first.
 */
export const openInferenceGenerationJobs =
  (items: BulkRecordStore<InferenceGenerationItem>) =>
  async (limit: number): Promise<InferenceGenerationJob[]> =>
    (
      await items.list(null, {
        where: [{ field: 'status', op: 'in', values: ['QUEUED', 'RUNNING'] }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((item) => ({ organizationId: item.organizationId, itemId: item.id }));
