import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { cancelOpenGeneration } from '../shared/cancel-open-generation.ts';
import { deleteWithCascade } from '../shared/delete-with-cascade.ts';
import { unlinkDatasetFrom } from '../catalog/specifications-linking.ts';

/** Soft-deletes a dataset with all its test cases, cancels its open generation job, and unlinks it from its specification. */
export class DeleteDataset {
  constructor(
    private readonly ports: Pick<
      Ports,
      'specifications' | 'datasets' | 'testCases' | 'generationJobs' | 'clock' | 'uow'
    >,
  ) {}

  execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    return deleteWithCascade(this.ports, this.ports.datasets, scope, id, {
      first: async (dataset, deletedAt) => {
        await unlinkDatasetFrom(this.ports, scope, { datasetId: id, specificationId: dataset.specificationId });
        await cancelOpenGeneration(this.ports, scope, [id], deletedAt);
        await this.ports.testCases.softDeleteWhere(scope, [{ field: 'datasetId', op: 'eq', value: id }], deletedAt);
      },
    });
  }
}
