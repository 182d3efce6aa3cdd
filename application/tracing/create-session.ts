import type { Actor } from '../../domain/identity/role.ts';
import { createSession, type NewSession, type Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { requireRecord } from '../shared/require-record.ts';

/** Opens a session on a version of the caller's organization, optionally run from one of its test cases. */
export class CreateSession {
  constructor(private readonly ports: Pick<Ports, 'sessions' | 'versions' | 'testCases' | 'ids' | 'clock'>) {}

  async execute(actor: Actor, input: NewSession): Promise<Session> {
    const scope = actor.organizationId;
    await requireRecord(this.ports.versions, scope, input.versionId, 'Version');
    if (input.testCaseId) await requireRecord(this.ports.testCases, scope, input.testCaseId, 'Test case');
    const session = createSession(this.ports.ids.next('session'), scope, input, this.ports.clock.now());
    return this.ports.sessions.insert(session);
  }
}
