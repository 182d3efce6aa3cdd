import type { Actor } from '../../domain/identity/role.ts';
import { finishSession, type Session, type SessionEnding } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Ends a pending session: COMPLETED with a stopping reason, FAILED with an error; a finished one is a 409. */
export class FinishSession {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'clock'>) {}

  async execute(actor: Actor, id: string, ending: SessionEnding): Promise<Session> {
    const session = await requireRecord(this.ports.sessions, actor.organizationId, id, 'Session');
    return this.ports.sessions.update(finishSession(session, ending, this.ports.clock.now()));
  }
}
