import type { GenerationJob, GenerationJobState } from '../../domain/dataset-generation/generation-job.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';
import { type GenerationJobView, viewGenerationJob } from './generation-job-view.ts';

export interface GenerationJobFilter extends Page<GenerationJob> {
  readonly ids?: readonly string[];
  readonly datasetIds?: readonly string[];
  readonly states?: readonly GenerationJobState[];
}

/** GET /jobs: the organization's generation jobs meeting every filter, one page. */
export class ListGenerationJobs extends FilteredList<GenerationJob, GenerationJobFilter, GenerationJobView> {
  constructor(ports: Pick<Ports, 'generationJobs'>) {
    super(
      ports.generationJobs,
      (filter) => [
        ...where.in('id', filter.ids),
        ...where.in('datasetId', filter.datasetIds),
        ...where.in('state', filter.states),
      ],
      (jobs) => jobs.map(viewGenerationJob),
    );
  }
}
