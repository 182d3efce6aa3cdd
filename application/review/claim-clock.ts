import type { ClaimClock } from '../../domain/review/human-review.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** The time now and the claim lifetime the deployment chose. */
export const claimClock = (ports: Pick<Ports, 'clock'>, settings: Pick<Settings, 'claimTtlMinutes'>): ClaimClock => ({
  now: ports.clock.now(),
  claimTtlMinutes: settings.claimTtlMinutes,
});
