import type { CostTotals } from '../cost/cost-totals.ts';
import { withSessionTotals } from '../cost/cost-totals.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { finishSession, type Session, type SessionEnding } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/** Ends a pending session: COMPLETED with a stopping reason, FAILED with an error; a finished one is a 409. */
export class FinishSession {
  constructor(private readonly ports: Pick<Ports, 'costLedger' | 'sessions' | 'clock'>) {}

  async execute(actor: Actor, id: string, ending: SessionEnding): Promise<Session & CostTotals> {
    const session = await this.ports.sessions.require(actor.organizationId, id);
    const [view] = await withSessionTotals(this.ports, actor.organizationId, [
      await this.ports.sessions.update(finishSession(session, ending, this.ports.clock.now())),
    ]);
    return view;
  }
}
