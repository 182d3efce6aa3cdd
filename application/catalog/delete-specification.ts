import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { deleteWithCascade } from '../shared/delete-with-cascade.ts';

/** Soft-deletes a specification; its datasets stay, no longer linked to any specification. */
export class DeleteSpecification {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'clock' | 'uow'>) {}

  execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    return deleteWithCascade(this.ports, this.ports.specifications, scope, id, {
      first: async () => {
        const datasets = await this.ports.datasets.list(scope, {
          where: [{ field: 'specificationId', op: 'eq', value: id }],
          limit: 1_000_000,
        });
        for (const dataset of datasets) await this.ports.datasets.update({ ...dataset, specificationId: null });
      },
    });
  }
}
