import type { Actor } from '../../domain/identity/role.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/** Reads one session of the caller's organization. */
export class GetSession {
  constructor(private readonly ports: Pick<Ports, 'sessions'>) {}

  execute(actor: Actor, id: string): Promise<Session> {
    return this.ports.sessions.require(actor.organizationId, id);
  }
}
