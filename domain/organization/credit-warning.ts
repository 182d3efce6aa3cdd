import { availableCredits, type CreditBalance } from '../evaluation/credits.ts';
import type { CreditWarningLevel, Organization } from './organization.ts';

const RANK: Record<CreditWarningLevel, number> = { LOW: 1, EMPTY: 2 };
const rank = (level: CreditWarningLevel | null): number => (level === null ? 0 : RANK[level]);

/** What the balance asks for: the level to store, and the warning to mail now (null: none). */
export interface CreditWarningDecision {
  readonly level: CreditWarningLevel | null;
  readonly mail: CreditWarningLevel | null;
}

/**
 * Credit warnings, once each: LOW when the credits (subscription plus extra) fall strictly below `warningAt`,
 * EMPTY when they reach 0. A refill to `warningAt` or above re-arms both; a partial refill re-arms nothing.
 * No `warningAt`, no warnings.
 */
export function decideCreditWarning(
  organization: Pick<Organization, 'warningAt' | 'creditWarningLevel'>,
  balance: CreditBalance,
): CreditWarningDecision {
  const current = organization.creditWarningLevel;
  if (organization.warningAt === null) return { level: current, mail: null };
  const available = availableCredits(balance);
  const target: CreditWarningLevel | null =
    available <= 0 ? 'EMPTY' : available < organization.warningAt ? 'LOW' : null;
  if (target === null) return { level: null, mail: null };
  if (rank(target) > rank(current)) return { level: target, mail: target };
  return { level: current, mail: null };
}
