import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes an inference result with its spans, together. */
export class DeleteInferenceResult {
  constructor(private readonly ports: Pick<Ports, 'inferenceResults' | 'spans' | 'uow' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await this.ports.uow.transaction(async () => {
      const result = await this.ports.inferenceResults.require(scope, id);
      await this.ports.inferenceResults.update({ ...result, deletedAt });
      await this.ports.spans.softDeleteWhere(scope, [{ field: 'inferenceResultId', op: 'eq', value: id }], deletedAt);
    });
    return { id, deletedAt };
  }
}
