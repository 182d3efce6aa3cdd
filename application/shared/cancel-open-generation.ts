import { cancelJob } from '../../domain/dataset-generation/generation-job.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * Cancels the open generation job of each of these datasets (being deleted): its worker stops before its next write.
 * An open job holds its dataset in `activeDatasetId`, at most one a dataset.
 */
export async function cancelOpenGeneration(
  ports: Pick<Ports, 'generationJobs'>,
  scope: string,
  datasetIds: readonly string[],
  at: string,
): Promise<void> {
  if (datasetIds.length === 0) return;
  const open = await ports.generationJobs.list(scope, {
    where: where.in('activeDatasetId', datasetIds),
    limit: datasetIds.length,
  });
  for (const job of open) await ports.generationJobs.update(cancelJob(job, at));
}
