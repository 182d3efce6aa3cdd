import { assertMaySeeOperations } from '../../domain/operations/build-info.ts';
import { reportFor, type SelfCheckReport, verdictOf } from '../../domain/operations/self-check.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** The self-check: the API's dependencies and the downstream services, probed in parallel; admin fields for ADMIN only. */
export class RunSelfCheck {
  constructor(private readonly ports: Pick<Ports, 'subscriptions' | 'selfCheck'>) {}

  async execute(actor: Actor): Promise<SelfCheckReport> {
    assertMaySeeOperations(actor, await this.ports.subscriptions.get(actor.organizationId, actor.organizationId));
    const [dependencies, services] = await Promise.all([
      this.ports.selfCheck.dependencies(),
      this.ports.selfCheck.services(),
    ]);
    return reportFor({ api: { status: verdictOf(dependencies), dependencies }, services }, actor.role === 'ADMIN');
  }
}
