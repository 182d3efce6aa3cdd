import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes a version; its number is not handed out again. */
export class DeleteVersion {
  constructor(private readonly ports: Pick<Ports, 'versions' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const version = await this.ports.versions.require(actor.organizationId, id);
    const deletedAt = this.ports.clock.now();
    await this.ports.versions.update({ ...version, deletedAt });
    return { id, deletedAt };
  }
}
