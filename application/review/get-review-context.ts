import type { Actor } from '../../domain/identity/role.ts';
import { assembleReviewContext, type ReviewContext } from '../../domain/review/review-context.ts';
import type { Ports } from '../ports/ports.ts';
import type { ReviewPorts } from './claim-evaluation.ts';
import { assertReviewer } from './reviewer-reach.ts';

type Needs = ReviewPorts & Pick<Ports, 'metrics' | 'inferenceResults' | 'spans' | 'testCases'>;

/** At most this many spans of a session are summarised. */
const SPANS_READ = 10_000;

/**
 * What a reviewer reads before scoring, in one call: the evaluation, its metric and guideline, the session's turns
 * with their spans summarised, and the test case. Records deleted since the evaluation was made are still shown.
 */
export class GetReviewContext {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, id: string): Promise<ReviewContext> {
    const scope = actor.organizationId;
    const evaluation = await this.ports.evaluations.require(scope, id);
    await assertReviewer(this.ports, actor, evaluation);
    const kept = { includeDeleted: true };
    const ofSession = [{ field: 'sessionId' as const, op: 'eq' as const, value: evaluation.sessionId }];
    const [metric, session, results, spans, testCase] = await Promise.all([
      this.ports.metrics.get(scope, evaluation.metricId, kept),
      this.ports.sessions.get(scope, evaluation.sessionId, kept),
      this.ports.inferenceResults.list(scope, { where: ofSession, limit: SPANS_READ }),
      this.ports.spans.list(scope, {
        where: ofSession,
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: SPANS_READ,
      }),
      evaluation.testCaseId ? this.ports.testCases.get(scope, evaluation.testCaseId, kept) : null,
    ]);
    if (!metric || !session) throw new Error(`Evaluation ${id} lost its metric or session`);
    const version = await this.ports.versions.get(scope, session.versionId, kept);
    return assembleReviewContext({
      evaluation,
      metric,
      session,
      productId: version?.productId ?? null,
      results,
      spans,
      testCase,
    });
  }
}
