import type { Actor } from '../../domain/identity/role.ts';
import { updateSession, type Session, type SessionChanges } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Changes a session's label, production flag, context or metadata. */
export class UpdateSession {
  constructor(private readonly ports: Pick<Ports, 'sessions'>) {}

  async execute(actor: Actor, id: string, changes: SessionChanges): Promise<Session> {
    const session = await requireRecord(this.ports.sessions, actor.organizationId, id, 'Session');
    return this.ports.sessions.update(updateSession(session, changes));
  }
}
