import type { CostTotals } from '../cost/cost-totals.ts';
import { withSessionTotals } from '../cost/cost-totals.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { updateSession, type Session, type SessionChanges } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/** Changes a session's label, production flag, context or metadata. */
export class UpdateSession {
  constructor(private readonly ports: Pick<Ports, 'costLedger' | 'sessions'>) {}

  async execute(actor: Actor, id: string, changes: SessionChanges): Promise<Session & CostTotals> {
    const session = await this.ports.sessions.require(actor.organizationId, id);
    const [view] = await withSessionTotals(this.ports, actor.organizationId, [
      await this.ports.sessions.update(updateSession(session, changes)),
    ]);
    return view;
  }
}
