import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { claimCutoff } from '../../domain/review/human-review.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { chunks } from '../shared/list-in.ts';
import { claimClock } from './claim-clock.ts';
import { loadReviewReach, type ReachPorts } from './reviewer-reach.ts';

type Needs = ReachPorts & Pick<Ports, 'versions' | 'clock'>;

/** The version ids of each product, one query per 1000 products. */
async function versionsByProduct(ports: Needs, scope: string, productIds: readonly string[]) {
  const pages = await Promise.all(
    chunks(productIds).map((part) =>
      ports.versions.list(scope, { where: where.in('productId', part), limit: 1_000_000 }),
    ),
  );
  const byProduct = new Map<string, string[]>();
  for (const version of pages.flat())
    byProduct.set(version.productId, [...(byProduct.get(version.productId) ?? []), version.id]);
  return byProduct;
}

/**
 * The `reviewable` filter as stored conditions: evaluations that await a human (`awaitsHuman`), that nobody else
 * holds a live claim on (`isClaimLive`; both in domain/review/human-review.ts), and that the caller's reach covers.
 */
export async function reviewableConditions(
  ports: Needs,
  settings: Pick<Settings, 'claimTtlMinutes'>,
  actor: Actor,
): Promise<Condition<Evaluation>[]> {
  const reach = await loadReviewReach(ports, actor);
  const awaiting = [...where.in('status', ['PENDING_HUMAN', 'SUCCESS']), ...where.isNull('humanScore')];
  const free = where.anyOf(
    where.isNull('humanEvaluatorId'),
    where.eq('humanEvaluatorId', actor.userId),
    where.range('humanEvaluatorStartedAt', undefined, claimCutoff(claimClock(ports, settings))),
  );
  if (reach.kind === 'everything') return [...awaiting, ...free];
  const productIds = [
    ...new Set(reach.grants.flatMap((grant) => (grant.productIds === 'all' ? [] : grant.productIds))),
  ];
  const versionsOf = await versionsByProduct(ports, actor.organizationId, productIds);
  const covered = where.anyOf(
    ...reach.grants.map((grant) => [
      ...where.in('metricId', grant.metricIds),
      ...(grant.productIds === 'all'
        ? []
        : where.in(
            'versionId',
            grant.productIds.flatMap((productId) => versionsOf.get(productId) ?? []),
          )),
    ]),
  );
  return [...awaiting, ...free, ...covered];
}
