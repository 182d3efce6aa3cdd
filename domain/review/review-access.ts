import { Forbidden } from '../errors.ts';
import type { Actor } from '../identity/role.ts';
import type { LinkedUserGroup } from './user-group.ts';

/** One group's grant to its users: its metrics, on its linked products or on all of them. */
export interface ReviewGrant {
  readonly metricIds: readonly string[];
  readonly productIds: readonly string[] | 'all';
}

/** What one caller may review: everything (OWNER and ADMIN), or what the groups they belong to grant. */
export type ReviewReach =
  | { readonly kind: 'everything' }
  | { readonly kind: 'grants'; readonly grants: readonly ReviewGrant[] };

/** What an evaluation is reviewed as: its metric, and the product of its session (null when unknown). */
export interface ReviewTarget {
  readonly evaluationId: string;
  readonly metricId: string;
  readonly productId: string | null;
}

/**
 * Rule 1: an OWNER or ADMIN may review every evaluation of the organization. Rule 2: a MEMBER may review an
 * evaluation when a group they belong to links its metric and covers its product (`allProducts` or the product
 * linked). `groups` are the organization's groups the caller may belong to; the others are ignored.
 */
export function reviewReach(actor: Actor, groups: readonly LinkedUserGroup[]): ReviewReach {
  if (actor.role !== 'MEMBER') return { kind: 'everything' };
  const grants = groups
    .filter((group) => group.userIds.includes(actor.userId) && group.metricIds.length > 0)
    .filter((group) => group.allProducts || group.productIds.length > 0)
    .map((group) => ({
      metricIds: group.metricIds,
      productIds: group.allProducts ? ('all' as const) : group.productIds,
    }));
  return { kind: 'grants', grants };
}

export function mayReview(reach: ReviewReach, target: ReviewTarget): boolean {
  if (reach.kind === 'everything') return true;
  return reach.grants.some(
    (grant) =>
      grant.metricIds.includes(target.metricId) &&
      (grant.productIds === 'all' || (target.productId !== null && grant.productIds.includes(target.productId))),
  );
}

export function assertMayReview(reach: ReviewReach, target: ReviewTarget): void {
  if (!mayReview(reach, target))
    throw new Forbidden(
      `You may not review evaluation ${target.evaluationId}: no user group of yours links its metric and covers its product`,
    );
}
