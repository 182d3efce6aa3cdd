import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Launch } from '../../domain/run/launch.ts';
import type { Run } from '../../domain/run/run.ts';
import { dispatchEvaluations, type DispatchRequest } from './dispatch-evaluations.ts';
import type { Ports } from '../ports/ports.ts';
import { type LaunchOpening, launchWith } from './open-launch.ts';
import { settleLaunches } from './settle-launches.ts';

export type EvaluationLaunch = LaunchOpening & Omit<DispatchRequest, 'runId' | 'launchId'>;

type Needs = Pick<Ports, 'uow' | 'clock' | 'ids' | 'sequences' | 'runs' | 'launches' | 'evaluations' | 'jobQueue'>;

/**
 * An evaluation request as one launch: opens it (and its run), writes the evaluations and their jobs, all in one
 * transaction; a launch left with nothing PENDING (everything skipped or scored by the caller) ends at once.
 */
export function launchEvaluations(
  ports: Needs,
  actor: Actor,
  launch: EvaluationLaunch,
): Promise<{ run: Run; launch: Launch; evaluations: Evaluation[] }> {
  return launchWith(ports, actor, launch, async (opened) => {
    const evaluations = await dispatchEvaluations(ports, actor, {
      ...launch,
      runId: opened.run.id,
      launchId: opened.launch.id,
    });
    if (!evaluations.some((evaluation) => evaluation.status === 'PENDING'))
      await settleLaunches(ports, actor.organizationId, [opened.launch.id]);
    return { evaluations };
  });
}
