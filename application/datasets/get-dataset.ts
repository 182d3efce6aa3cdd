import type { Dataset } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** One test (dataset) of the organization. */
export class GetDataset {
  constructor(private readonly ports: Pick<Ports, 'datasets'>) {}

  execute(actor: Actor, id: string): Promise<Dataset> {
    return requireRecord(this.ports.datasets, actor.organizationId, id, 'Test');
  }
}
