import { linkDatasets } from '../../domain/catalog/specification.ts';
import { updateDataset, type Dataset, type DatasetChanges } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { withConflictMessage } from '../shared/insert-named.ts';
import { unlinkDatasetFrom } from '../catalog/specifications-linking.ts';
import { datasetClash } from './create-dataset.ts';

/** Changes a dataset; moving it to another specification (or to none) updates both specifications' links. */
export class UpdateDataset {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, changes: DatasetChanges): Promise<Dataset> {
    const scope = actor.organizationId;
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const dataset = await this.ports.datasets.require(scope, id);
        const target = changes.specificationId
          ? await this.ports.specifications.require(scope, changes.specificationId)
          : null;
        const next = updateDataset(dataset, changes, target?.productId ?? null);
        const updated = await withConflictMessage(() => this.ports.datasets.update(next), datasetClash(next));
        if (updated.specificationId === dataset.specificationId) return updated;
        await unlinkDatasetFrom(this.ports, scope, { datasetId: id, specificationId: dataset.specificationId });
        if (target) await this.ports.specifications.update(linkDatasets(target, [id]));
        return updated;
      }),
    );
  }
}
