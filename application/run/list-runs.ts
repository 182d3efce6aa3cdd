import type { Run, RunOpener, RunStatus } from '../../domain/run/run.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
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
export class ListRuns extends FilteredList<Run, RunFilter, RunView> {
  constructor(ports: Pick<Ports, 'costLedger' | 'runs' | 'evaluations'>) {
    super(
      ports.runs,
      (filter) => [
        ...where.in('id', filter.ids),
        ...where.in('productId', filter.productIds),
        ...where.in('versionId', filter.versionIds),
        ...where.in('status', filter.statuses),
        ...where.in('customId', filter.customIds),
        ...where.in('openedBy', filter.openedBy),
      ],
      (runs, scope) => viewRuns(ports, scope, runs),
    );
  }
}
