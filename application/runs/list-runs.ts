import type { Actor } from '../../domain/identity/role.ts';
import type { Run, RunOpener, RunStatus } from '../../domain/run/run.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { viewRuns, type RunView } from './run-views.ts';

export interface RunFilter extends Page<Run> {
  readonly ids?: readonly string[];
  readonly productIds?: readonly string[];
  readonly versionIds?: readonly string[];
  readonly statuses?: readonly RunStatus[];
  readonly customIds?: readonly string[];
  readonly openedBy?: readonly RunOpener[];
}

/** GET /runs: the organization's runs meeting every filter, one page, with their counts (never their launches). */
export class ListRuns {
  constructor(private readonly ports: Pick<Ports, 'runs' | 'evaluations'>) {}

  async execute(actor: Actor, filter: RunFilter): Promise<RunView[]> {
    const runs = await this.ports.runs.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...where.in('productId', filter.productIds),
        ...where.in('versionId', filter.versionIds),
        ...where.in('status', filter.statuses),
        ...where.in('customId', filter.customIds),
        ...where.in('openedBy', filter.openedBy),
      ],
      sort: filter.sort,
      limit: filter.limit,
      offset: filter.offset,
    });
    return viewRuns(this.ports, actor.organizationId, runs);
  }
}
