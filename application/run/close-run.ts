import type { Actor } from '../../domain/identity/role.ts';
import { closeRun } from '../../domain/run/run.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { launchesOfRun, viewRun, type RunWithLaunches } from './run-views.ts';

/** POST /runs/{id}/close: ends a run the caller opened once none of its launches is still QUEUED or RUNNING. */
export class CloseRun {
  constructor(
    private readonly ports: Pick<Ports, 'costLedger' | 'runs' | 'launches' | 'evaluations' | 'clock' | 'uow'>,
  ) {}

  async execute(actor: Actor, id: string): Promise<RunWithLaunches> {
    const scope = actor.organizationId;
    const closed = await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const run = await this.ports.runs.require(scope, id);
        const launches = await launchesOfRun(this.ports, scope, run.id);
        return this.ports.runs.update(closeRun(run, launches, this.ports.clock.now()));
      }),
    );
    return viewRun(this.ports, scope, closed);
  }
}
