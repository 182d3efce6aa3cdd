import { IssueCollector } from '../errors.ts';

/** The most sessions one batch request processes in versionId mode (the spec's limit). */
export const MAX_SESSIONS_PER_BATCH = 1000;

/** Exactly one of sessionIds or versionId. */
export function checkBatchTarget(request: {
  readonly sessionIds?: readonly string[];
  readonly versionId?: string;
}): void {
  const issues = new IssueCollector();
  const both = request.sessionIds !== undefined && request.versionId !== undefined;
  const neither = request.sessionIds === undefined && request.versionId === undefined;
  issues.check(!both, 'sessionIds', 'send either sessionIds or versionId, not both');
  issues.check(!neither, 'sessionIds', 'send exactly one of sessionIds or versionId');
  issues.throwIfAny();
}
