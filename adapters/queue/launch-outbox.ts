import type { LaunchJob } from '../../application/ports/job-queue.ts';
import type { BulkRecordStore } from '../../application/ports/bulk-record-store.ts';
import type { Launch } from '../../domain/run/launch.ts';

/**
 * The in-process queue's outbox of launch jobs over the launches table: the QUEUED launches of every organization,
 * oldest first. At start-up it holds what a stopped process left unstarted.
 */
export const queuedLaunchJobs =
  (launches: BulkRecordStore<Launch>) =>
  async (limit: number): Promise<LaunchJob[]> =>
    (
      await launches.list(null, {
        where: [{ field: 'status', op: 'eq', value: 'QUEUED' }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((launch) => ({ organizationId: launch.organizationId, launchId: launch.id }));
