import type { Actor } from '../../domain/identity/role.ts';
import { cancelLaunch, isLaunchOpen, LAUNCH_CANCELLED } from '../../domain/run/launch.ts';
import { deleteRun } from '../../domain/run/run.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { deleteWithCascade } from '../shared/delete-with-cascade.ts';
import { launchesOfRun } from './run-views.ts';

/**
 * DELETE /runs/{id}: in one transaction its open launches are cancelled, then the run, its launches and the
 * evaluations it launched are soft-deleted. Sessions stay; the ordinal is never handed out again; the customId is free.
 */
export class DeleteRun {
  constructor(private readonly ports: Pick<Ports, 'runs' | 'launches' | 'evaluations' | 'clock' | 'uow'>) {}

  execute(actor: Actor, id: string): Promise<Deletion> {
    const scope = actor.organizationId;
    return deleteWithCascade(this.ports, this.ports.runs, scope, id, {
      first: async (run, deletedAt) => {
        const open = (await launchesOfRun(this.ports, scope, run.id)).filter(isLaunchOpen);
        for (const launch of open) await this.ports.launches.update(cancelLaunch(launch, deletedAt));
        if (open.length > 0)
          await this.ports.evaluations.skipPending(
            scope,
            where.in(
              'launchId',
              open.map((launch) => launch.id),
            ),
            LAUNCH_CANCELLED,
            deletedAt,
          );
        const ofRun = where.eq('runId', run.id);
        await this.ports.evaluations.softDeleteWhere(scope, ofRun, deletedAt);
        await this.ports.launches.softDeleteWhere(scope, ofRun, deletedAt);
      },
      deleted: deleteRun,
    });
  }
}
