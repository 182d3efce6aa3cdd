import type { ClaimClock } from '../../domain/review/human-review.ts';
import type { Ports } from '../ports/ports.ts';

/** The time now and the claim lifetime the deployment chose. */
export const claimClock = (ports: Pick<Ports, 'clock' | 'reviewSettings'>): ClaimClock => ({
  now: ports.clock.now(),
  claimTtlMinutes: ports.reviewSettings.claimTtlMinutes,
});
