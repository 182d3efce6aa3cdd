import type { Actor } from '../../domain/identity/role.ts';
import { LAUNCH_CANCELLED } from '../../domain/run/launch.ts';
import { cancelRunLaunch } from '../../domain/run/run.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { viewRun, type RunWithLaunches } from './run-views.ts';
import { settleRuns } from '../launch/settle-launches.ts';

/**
 * POST /runs/{id}/launches/{launchId}/cancel: in one transaction the launch is CANCELLED and its evaluations still
 * PENDING become SKIPPED ("launch cancelled", retryable); what was scored stays. A worker scoring one of them meanwhile
 * finds its version changed and writes nothing. A run opened by a launch then settles.
 */
export class CancelLaunch {
  constructor(
    private readonly ports: Pick<Ports, 'costLedger' | 'runs' | 'launches' | 'evaluations' | 'clock' | 'uow'>,
  ) {}

  async execute(actor: Actor, runId: string, launchId: string): Promise<RunWithLaunches> {
    const scope = actor.organizationId;
    await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const run = await this.ports.runs.require(scope, runId);
        const launch = await this.ports.launches.require(scope, launchId);
        const now = this.ports.clock.now();
        await this.ports.launches.update(cancelRunLaunch(run, launch, now));
        await this.ports.evaluations.skipPending(scope, where.eq('launchId', launch.id), LAUNCH_CANCELLED, now);
        await settleRuns(this.ports, scope, [run.id], now);
      }),
    );
    return viewRun(this.ports, scope, await this.ports.runs.require(scope, runId));
  }
}
