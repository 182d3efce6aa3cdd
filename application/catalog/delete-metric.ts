import { unlinkMetrics } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { specificationsLinking } from './specifications-linking.ts';

/** Soft-deletes a metric revision and removes it from the specifications that link it. */
export class DeleteMetric {
  constructor(private readonly ports: Pick<Ports, 'metrics' | 'specifications' | 'clock' | 'uow'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const metric = await requireRecord(this.ports.metrics, scope, id, 'Metric');
        for (const specification of await specificationsLinking(this.ports, scope, id)) {
          await this.ports.specifications.update(unlinkMetrics(specification, [id]));
        }
        await this.ports.metrics.update({ ...metric, deletedAt, activeName: null });
      }),
    );
    return { id, deletedAt };
  }
}
