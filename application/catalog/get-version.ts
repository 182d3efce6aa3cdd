import type { Version } from '../../domain/catalog/version.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One version of the organization. */
export class GetVersion {
  constructor(private readonly ports: Pick<Ports, 'versions'>) {}

  execute(actor: Actor, id: string): Promise<Version> {
    return this.ports.versions.require(actor.organizationId, id);
  }
}
