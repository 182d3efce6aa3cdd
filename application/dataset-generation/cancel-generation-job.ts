import { cancelJob } from '../../domain/dataset-generation/generation-job.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { type GenerationJobView, viewGenerationJob } from './generation-job-view.ts';

/**
 * POST /jobs/{id}/cancel: stops a queued or active job (its worker stops before its next write; the test cases written
 * stay); a cancelled job answers as it is; a completed or failed one is refused (409).
 */
export class CancelGenerationJob {
  constructor(private readonly ports: Pick<Ports, 'generationJobs' | 'uow' | 'clock'>) {}

  async execute(actor: Actor, id: string): Promise<GenerationJobView> {
    const job = await retryStale(() =>
      this.ports.uow.transaction(async () => {
        const job = await this.ports.generationJobs.require(actor.organizationId, id);
        const cancelled = cancelJob(job, this.ports.clock.now());
        return cancelled === job ? job : this.ports.generationJobs.update(cancelled);
      }),
    );
    return viewGenerationJob(job);
  }
}
