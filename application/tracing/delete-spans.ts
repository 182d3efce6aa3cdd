import { NotFound } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** Soft-deletes spans by id; if any id is not a live span of the organization, nothing is deleted (404). */
export class DeleteSpans {
  constructor(private readonly ports: Pick<Ports, 'spans' | 'uow' | 'clock'>) {}

  async execute(actor: Actor, ids: readonly string[]): Promise<{ deleted: number }> {
    const scope = actor.organizationId;
    const wanted = [...new Set(ids)];
    const byId = where.in('id', wanted);
    return this.ports.uow.transaction(async () => {
      const found = await this.ports.spans.count(scope, { where: byId });
      if (found !== wanted.length)
        throw new NotFound(`${wanted.length - found} of the spans were not found; nothing was deleted`);
      return { deleted: await this.ports.spans.softDeleteWhere(scope, byId, this.ports.clock.now()) };
    });
  }
}
