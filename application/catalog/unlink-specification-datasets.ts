import { unlinkDatasets, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { changeSpecification } from './change-specification.ts';

/** Unlinks datasets from a specification (read in one query); ids that are not linked are ignored. */
export class UnlinkSpecificationDatasets {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, datasetIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    return changeSpecification(this.ports, scope, id, async (specification) => {
      for (const dataset of await listIn(this.ports.datasets, scope, datasetIds)) {
        if (dataset.specificationId === specification.id)
          await this.ports.datasets.update({ ...dataset, specificationId: null });
      }
      return unlinkDatasets(specification, datasetIds);
    });
  }
}
