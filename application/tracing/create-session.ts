import type { CostTotals } from '../cost/cost-totals.ts';
import { withSessionTotals } from '../cost/cost-totals.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { joinRun, versionTarget } from '../../domain/run/run.ts';
import { createSession, type NewSession, type Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * Opens a session on a version of the caller's organization, optionally run from one of its test cases, optionally
 * inside a RUNNING run the caller opened for the same product (and version, when the run names one).
 */
export class CreateSession {
  constructor(
    private readonly ports: Pick<
      Ports,
      'costLedger' | 'sessions' | 'versions' | 'testCases' | 'runs' | 'ids' | 'clock'
    >,
  ) {}

  async execute(actor: Actor, input: NewSession): Promise<Session & CostTotals> {
    const scope = actor.organizationId;
    const version = await this.ports.versions.require(scope, input.versionId);
    if (input.testCaseId) await this.ports.testCases.require(scope, input.testCaseId);
    const session = createSession(input, {
      id: this.ports.ids.next('session'),
      organizationId: scope,
      now: this.ports.clock.now(),
    });
    if (session.runId !== null)
      joinRun(await this.ports.runs.require(scope, session.runId), versionTarget(version), 'session');
    const [view] = await withSessionTotals(this.ports, actor.organizationId, [
      await this.ports.sessions.insert(session),
    ]);
    return view;
  }
}
