import { type CostTotals, withSessionTotals } from '../cost/cost-totals.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { FilteredList } from '../shared/filtered-list.ts';
import type { Page } from '../shared/page.ts';

export interface SessionFilter extends Page<Session> {
  readonly ids?: readonly string[];
  readonly versionIds?: readonly string[];
  readonly testCaseIds?: readonly string[];
  readonly customIds?: readonly string[];
  readonly statuses?: readonly string[];
  readonly runIds?: readonly string[];
  readonly isProduction?: boolean;
  readonly createdAfter?: string;
  readonly createdBefore?: string;
}

/** Sessions of the caller's organization that meet every filter given. */
export class ListSessions extends FilteredList<Session, SessionFilter, Session & CostTotals> {
  constructor(ports: Pick<Ports, 'sessions' | 'costLedger'>) {
    super(
      ports.sessions,
      (filter) => [
        ...where.in('id', filter.ids),
        ...where.in('versionId', filter.versionIds),
        ...where.in('testCaseId', filter.testCaseIds),
        ...where.in('customId', filter.customIds),
        ...where.in('status', filter.statuses),
        ...where.in('runId', filter.runIds),
        ...where.eq('isProduction', filter.isProduction),
        ...where.range('createdAt', filter.createdAfter, filter.createdBefore),
      ],
      (sessions, scope) => withSessionTotals(ports, scope, sessions),
    );
  }
}
