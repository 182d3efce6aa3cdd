import type { Actor } from '../../domain/identity/role.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes a session with its inference results and their spans, together. */
export class DeleteSession {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'inferenceResults' | 'spans' | 'uow' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    const deletedAt = this.ports.clock.now();
    await this.ports.uow.transaction(async () => {
      const session = await this.ports.sessions.require(scope, id);
      await this.ports.sessions.update({ ...session, deletedAt });
      const bySession = where.eq('sessionId', id);
      await this.ports.inferenceResults.softDeleteWhere(scope, bySession, deletedAt);
      await this.ports.spans.softDeleteWhere(scope, bySession, deletedAt);
    });
    return { id, deletedAt };
  }
}
