import type { RepricingJob } from '../../application/ports/job-queue.ts';
import type { RecordStore } from '../../application/ports/record-store.ts';
import type { Repricing } from '../../domain/cost/repricing.ts';

/** The in-process queue's outbox of repricing jobs: every organization's unfinished repricings, oldest first. */
export const openRepricingJobs =
  (repricings: RecordStore<Repricing>) =>
  async (limit: number): Promise<RepricingJob[]> =>
    (
      await repricings.list(null, {
        where: [{ field: 'state', op: 'in', values: ['queued', 'active'] }],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit,
      })
    ).map((job) => ({ organizationId: job.organizationId, repricingId: job.id }));
