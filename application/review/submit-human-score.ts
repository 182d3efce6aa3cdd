import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { checkHumanScore, type HumanScore, submitHumanScore } from '../../domain/review/human-review.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { claimClock } from './claim-clock.ts';
import type { ReviewPorts } from './claim-evaluation.ts';
import { assertReviewer } from './reviewer-reach.ts';

/**
 * A reviewer scores an evaluation: claims it if free (a live claim of someone else is a 409), then records the
 * score; conditional on the version read, like a claim.
 */
export class SubmitHumanScore {
  constructor(
    private readonly ports: ReviewPorts,
    private readonly settings: Pick<Settings, 'claimTtlMinutes'>,
  ) {}

  async execute(actor: Actor, id: string, input: HumanScore): Promise<Evaluation> {
    checkHumanScore(input);
    const scope = actor.organizationId;
    await assertReviewer(this.ports, actor, await this.ports.evaluations.require(scope, id));
    return retryStale(async () => {
      const evaluation = await this.ports.evaluations.require(scope, id);
      return this.ports.evaluations.update(
        submitHumanScore(evaluation, actor.userId, input, claimClock(this.ports, this.settings)),
      );
    });
  }
}
