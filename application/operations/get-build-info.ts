import { assertMaySeeOperations, type BuildInfo } from '../../domain/operations/build-info.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** Build metadata, for admins and organizations with an active enterprise subscription. */
export class GetBuildInfo {
  constructor(private readonly ports: Pick<Ports, 'subscriptions' | 'deployment'>) {}

  async execute(actor: Actor): Promise<BuildInfo> {
    assertMaySeeOperations(actor, await this.ports.subscriptions.get(actor.organizationId, actor.organizationId));
    return this.ports.deployment.buildInfo;
  }
}
