import { unlinkDatasets, type Specification } from '../../domain/catalog/specification.ts';
import type { Ports } from '../ports/ports.ts';

/** The specifications of an organization that link a metric (links are kept in each specification's `metricIds`). */
export async function specificationsLinking(
  ports: Pick<Ports, 'specifications'>,
  scope: string,
  metricId: string,
): Promise<Specification[]> {
  const all = await ports.specifications.list(scope, { limit: 1_000_000 });
  return all.filter((specification) => specification.metricIds.includes(metricId));
}

/** Drops a dataset from the specification that linked it, when there is one and it is still live. */
export async function unlinkDatasetFrom(
  ports: Pick<Ports, 'specifications'>,
  scope: string,
  { datasetId, specificationId }: { datasetId: string; specificationId: string | null },
): Promise<void> {
  const specification = specificationId ? await ports.specifications.get(scope, specificationId) : null;
  if (specification) await ports.specifications.update(unlinkDatasets(specification, [datasetId]));
}
