import type { Dataset } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One dataset of the organization. */
export class GetDataset {
  constructor(private readonly ports: Pick<Ports, 'datasets'>) {}

  execute(actor: Actor, id: string): Promise<Dataset> {
    return this.ports.datasets.require(actor.organizationId, id);
  }
}
