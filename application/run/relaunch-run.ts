import type { Actor } from '../../domain/identity/role.ts';
import { checkRelaunch, relaunchRun, type RelaunchOptions, type RelaunchSource } from '../../domain/run/relaunch.ts';
import { runOrdinalSequence } from '../../domain/run/run.ts';
import { InvalidInput } from '../../domain/errors.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { launchesOfRun, viewRun, type RunWithLaunches } from './run-views.ts';

/**
 * POST /runs/{id}/relaunch: a new run opened by a launch, with one QUEUED launch per launch of the ended source run;
 * the launch worker starts each (an evaluate launch re-scores the same sessions with the same metrics).
 */
export class RelaunchRun {
  constructor(
    private readonly ports: Pick<
      Ports,
      | 'costLedger'
      | 'runs'
      | 'launches'
      | 'evaluations'
      | 'sequences'
      | 'jobQueue'
      | 'ids'
      | 'clock'
      | 'uow'
      | 'versions'
    >,
  ) {}

  async execute(actor: Actor, id: string, options: RelaunchOptions): Promise<RunWithLaunches> {
    const scope = actor.organizationId;
    const run = await this.ports.runs.require(scope, id);
    const [launches, counts] = await Promise.all([
      launchesOfRun(this.ports, scope, run.id),
      this.ports.evaluations.countBy(scope, 'runId', where.eq('runId', run.id)),
    ]);
    const source: RelaunchSource = { run, launches, sessionCount: counts.get(run.id)?.sessions ?? 0 };
    checkRelaunch(source, options);
    if (options.versionId !== undefined) {
      const version = await this.ports.versions.require(scope, options.versionId);
      if (version.productId !== run.productId)
        throw InvalidInput.of('versionId', `version ${version.id} is not a version of the run's product`);
    }
    const relaunched = await this.ports.uow.transaction(async () => {
      const next = relaunchRun(source, {
        id: this.ports.ids.next('run'),
        organizationId: scope,
        now: this.ports.clock.now(),
        userId: actor.userId,
        ordinal: await this.ports.sequences.next(scope, runOrdinalSequence(run.productId)),
        launchIds: launches.map(() => this.ports.ids.next('launch')),
        options,
      });
      await this.ports.runs.insert(next.run);
      await this.ports.launches.insertMany(next.launches);
      await this.ports.jobQueue.enqueueLaunches(
        next.launches.map((launch) => ({ organizationId: scope, launchId: launch.id })),
      );
      return next.run;
    });
    return viewRun(this.ports, scope, relaunched);
  }
}
