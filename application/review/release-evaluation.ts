import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { releaseClaim } from '../../domain/review/human-review.ts';
import { retryStale } from '../shared/retry-stale.ts';
import type { ReviewPorts } from './claim-evaluation.ts';
import { assertReviewer } from './reviewer-reach.ts';

/** The claimant, an OWNER or an ADMIN releases a claim; a claimant no longer in the group may still drop theirs. */
export class ReleaseEvaluation {
  constructor(private readonly ports: ReviewPorts) {}

  async execute(actor: Actor, id: string): Promise<Evaluation> {
    const scope = actor.organizationId;
    const evaluation = await this.ports.evaluations.require(scope, id);
    if (evaluation.humanEvaluatorId !== actor.userId) await assertReviewer(this.ports, actor, evaluation);
    return retryStale(async () => {
      const current = await this.ports.evaluations.require(scope, id);
      const released = releaseClaim(current, actor);
      return released === current ? current : this.ports.evaluations.update(released);
    });
  }
}
