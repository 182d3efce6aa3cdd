import type { Evaluation, EvaluationStatus } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import type { Page } from '../shared/page.ts';
import { reviewableConditions } from '../review/reviewable-conditions.ts';

export interface EvaluationFilter extends Page<Evaluation> {
  readonly ids?: readonly string[];
  readonly sessionIds?: readonly string[];
  readonly inferenceResultIds?: readonly string[];
  readonly metricIds?: readonly string[];
  readonly statuses?: readonly EvaluationStatus[];
  readonly runIds?: readonly string[];
  readonly launchIds?: readonly string[];
  readonly monitorIds?: readonly string[];
  readonly versionIds?: readonly string[];
  readonly testCaseIds?: readonly string[];
  readonly canRetry?: boolean;
  readonly minScore?: number;
  readonly maxScore?: number;
  /** Only what the caller may review and nobody else has claimed, oldest first unless sorted otherwise. */
  readonly reviewable?: boolean;
}

/** The organization's evaluations that meet every filter, one page. */
export class ListEvaluations {
  constructor(
    private readonly ports: Pick<Ports, 'evaluations' | 'userGroups' | 'userGroupLinks' | 'versions' | 'clock'>,
    private readonly settings: Pick<Settings, 'claimTtlMinutes'>,
  ) {}

  async execute(actor: Actor, filter: EvaluationFilter): Promise<Evaluation[]> {
    const reviewable = filter.reviewable ? await reviewableConditions(this.ports, this.settings, actor) : [];
    return this.ports.evaluations.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...where.in('sessionId', filter.sessionIds),
        ...where.in('inferenceResultId', filter.inferenceResultIds),
        ...where.in('metricId', filter.metricIds),
        ...where.in('status', filter.statuses),
        ...where.in('runId', filter.runIds),
        ...where.in('launchId', filter.launchIds),
        ...where.in('monitorId', filter.monitorIds),
        ...where.in('versionId', filter.versionIds),
        ...where.in('testCaseId', filter.testCaseIds),
        ...where.eq('canRetry', filter.canRetry),
        ...where.range('score', filter.minScore, filter.maxScore),
        ...reviewable,
      ],
      sort: filter.sort ?? (filter.reviewable ? [{ field: 'createdAt', direction: 'asc' }] : undefined),
      limit: filter.limit,
      offset: filter.offset,
      after: filter.after,
    });
  }
}
