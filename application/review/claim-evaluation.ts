import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { claimEvaluation } from '../../domain/review/human-review.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { claimClock } from './claim-clock.ts';
import { assertReviewer, type ReachPorts } from './reviewer-reach.ts';

export type ReviewPorts = ReachPorts & Pick<Ports, 'evaluations' | 'versions' | 'sessions' | 'clock'>;

/**
 * A reviewer claims an evaluation. The write is conditional on the version read, so of concurrent claims exactly one
 * is stored; the others read again and meet the winner's claim (409).
 */
export class ClaimEvaluation {
  constructor(
    private readonly ports: ReviewPorts,
    private readonly settings: Pick<Settings, 'claimTtlMinutes'>,
  ) {}

  async execute(actor: Actor, id: string): Promise<Evaluation> {
    const scope = actor.organizationId;
    await assertReviewer(this.ports, actor, await this.ports.evaluations.require(scope, id));
    return retryStale(async () => {
      const evaluation = await this.ports.evaluations.require(scope, id);
      return this.ports.evaluations.update(
        claimEvaluation(evaluation, actor.userId, claimClock(this.ports, this.settings)),
      );
    });
  }
}
