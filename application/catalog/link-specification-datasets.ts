import { linkDatasets, unlinkDatasets, type Specification } from '../../domain/catalog/specification.ts';
import { attachToSpecification } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { changeSpecification } from './change-specification.ts';

/**
 * Links datasets of the same product to a specification; a dataset linked elsewhere moves here (it has one specification at
 * most). Set-based reads: the datasets in one query, the specifications they leave in another; each is written once.
 */
export class LinkSpecificationDatasets {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, datasetIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    return changeSpecification(this.ports, scope, id, async (specification) => {
      const datasets = await this.ports.datasets.requireMany(scope, datasetIds);
      const leaving = new Map<string, string[]>();
      const seen = new Set<string>();
      for (const [index, current] of datasets.entries()) {
        if (seen.has(current.id)) continue;
        seen.add(current.id);
        const { dataset, previousSpecificationId } = attachToSpecification(
          current,
          specification,
          `datasetIds.${index}`,
        );
        if (dataset.specificationId !== current.specificationId) await this.ports.datasets.update(dataset);
        if (previousSpecificationId)
          leaving.set(previousSpecificationId, [...(leaving.get(previousSpecificationId) ?? []), current.id]);
      }
      for (const previous of await listIn(this.ports.specifications, scope, [...leaving.keys()]))
        await this.ports.specifications.update(unlinkDatasets(previous, leaving.get(previous.id) ?? []));
      return linkDatasets(specification, datasetIds);
    });
  }
}
