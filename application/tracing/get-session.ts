import { type CostTotals, withSessionTotals } from '../cost/cost-totals.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/** Reads one session of the caller's organization. */
export class GetSession {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'costLedger'>) {}

  async execute(actor: Actor, id: string): Promise<Session & CostTotals> {
    const session = await this.ports.sessions.require(actor.organizationId, id);
    const [view] = await withSessionTotals(this.ports, actor.organizationId, [session]);
    return view;
  }
}
