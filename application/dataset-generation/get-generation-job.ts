import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { type GenerationJobView, viewGenerationJob } from './generation-job-view.ts';

/** GET /jobs/{id}: one of the organization's generation jobs. */
export class GetGenerationJob {
  constructor(private readonly ports: Pick<Ports, 'generationJobs'>) {}

  async execute(actor: Actor, id: string): Promise<GenerationJobView> {
    return viewGenerationJob(await this.ports.generationJobs.require(actor.organizationId, id));
  }
}
