import { assertMaySeeOperations, type BuildInfo } from '../../domain/operations/build-info.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** Build metadata, for admins and organizations with an active enterprise subscription. */
export class GetBuildInfo {
  constructor(
    private readonly ports: Pick<Ports, 'subscriptions'>,
    private readonly settings: Pick<Settings, 'buildInfo'>,
  ) {}

  async execute(actor: Actor): Promise<BuildInfo> {
    assertMaySeeOperations(actor, await this.ports.subscriptions.get(actor.organizationId, actor.organizationId));
    return this.settings.buildInfo;
  }
}
