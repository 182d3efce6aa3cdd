import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { assertMayReview, type ReviewReach, reviewReach } from '../../domain/review/review-access.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { groupIdsLinkedTo, linkedUserGroups } from './user-group-links.ts';

export type ReachPorts = Pick<Ports, 'userGroups' | 'userGroupLinks'>;

/** What the caller may review: nothing to read for an OWNER or ADMIN; three queries for a MEMBER's groups. */
export async function loadReviewReach(ports: ReachPorts, actor: Actor): Promise<ReviewReach> {
  if (actor.role !== 'MEMBER') return reviewReach(actor, []);
  const scope = actor.organizationId;
  const groupIds = (await groupIdsLinkedTo(ports, scope, 'user', [actor.userId])).get(actor.userId) ?? [];
  const groups = await listIn(ports.userGroups, scope, groupIds);
  return reviewReach(actor, await linkedUserGroups(ports, scope, groups));
}

/** Refuses (403) a caller who may not review the evaluation; its product is read from its version. */
export async function assertReviewer(
  ports: ReachPorts & Pick<Ports, 'versions' | 'sessions'>,
  actor: Actor,
  evaluation: Evaluation,
): Promise<void> {
  const reach = await loadReviewReach(ports, actor);
  if (reach.kind === 'everything') return;
  const scope = actor.organizationId;
  const versionId =
    evaluation.versionId ??
    (await ports.sessions.get(scope, evaluation.sessionId, { includeDeleted: true }))?.versionId ??
    null;
  const version = versionId ? await ports.versions.get(scope, versionId, { includeDeleted: true }) : null;
  assertMayReview(reach, {
    evaluationId: evaluation.id,
    metricId: evaluation.metricId,
    productId: version?.productId ?? null,
  });
}
