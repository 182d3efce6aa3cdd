import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { unlinkTestFrom } from '../catalog/specifications-linking.ts';

/** Soft-deletes a test with all its test cases, and unlinks it from its specification. */
export class DeleteDataset {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'testCases' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const dataset = await this.ports.datasets.require(scope, id);
        await unlinkTestFrom(this.ports, scope, { testId: id, specificationId: dataset.specificationId });
        await this.ports.testCases.softDeleteWhere(scope, [{ field: 'testId', op: 'eq', value: id }], deletedAt);
        await this.ports.datasets.update({ ...dataset, deletedAt });
      }),
    );
    return { id, deletedAt };
  }
}
