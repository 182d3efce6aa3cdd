import type { Monitor } from './monitor.ts';
import { isSampled } from './sampling.ts';

/** The parts of a session the selection reads. */
export interface CandidateSession {
  readonly id: string;
  readonly versionId: string;
  readonly isProduction: boolean;
  readonly status: string;
  readonly deletedAt: string | null;
}

/**
 * Whether a ready session is one the monitor scores before its content is read: a live production session of the
 * monitor's version (or of any version of its product), not FAILED, and sampled.
 */
export function isSelected(
  monitor: Pick<Monitor, 'id' | 'versionId' | 'samplingPercentage'>,
  session: CandidateSession,
  productVersionIds: ReadonlySet<string>,
): boolean {
  if (!session.isProduction || session.status === 'FAILED' || session.deletedAt !== null) return false;
  const ofVersion = monitor.versionId
    ? session.versionId === monitor.versionId
    : productVersionIds.has(session.versionId);
  return ofVersion && isSampled(monitor.id, session.id, monitor.samplingPercentage);
}

/**
 * How many of `wanted` sessions fit under the monthly cap, each costing `sessionCost` credits, with `pendingCost`
 * credits already queued and not yet spent; `capped` when some did not fit.
 */
export function fitUnderCap(
  monitor: Pick<Monitor, 'monthlyCreditCap' | 'creditsUsedThisMonth'>,
  wanted: number,
  { sessionCost, pendingCost }: { sessionCost: number; pendingCost: number },
): { take: number; capped: boolean } {
  if (monitor.monthlyCreditCap === null || sessionCost === 0) return { take: wanted, capped: false };
  const left = monitor.monthlyCreditCap - monitor.creditsUsedThisMonth - pendingCost;
  const take = Math.max(0, Math.min(wanted, Math.floor(left / sessionCost)));
  return { take, capped: take < wanted };
}
