import { unlinkMetrics } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { deleteWithCascade } from '../shared/delete-with-cascade.ts';
import { specificationsLinking } from './specifications-linking.ts';
import { unlinkFromAllGroups } from '../review/user-group-links.ts';

/** Soft-deletes a metric revision and removes it from the specifications and user groups that link it. */
export class DeleteMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'specifications' | 'userGroupLinks' | 'clock' | 'uow'>) {}

  execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    return deleteWithCascade(this.ports, this.ports.metrics, scope, id, {
      first: async (_metric, deletedAt) => {
        for (const specification of await specificationsLinking(this.ports, scope, id)) {
          await this.ports.specifications.update(unlinkMetrics(specification, [id]));
        }
        await unlinkFromAllGroups(this.ports, scope, 'metric', id, deletedAt);
      },
      deleted: (metric, deletedAt) => ({ ...metric, deletedAt, activeName: null }),
    });
  }
}
