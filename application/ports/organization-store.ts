import type { CreditBalance } from '../../domain/evaluation/credits.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { RecordStore } from './record-store.ts';

/** Organizations, with an atomic credit debit so concurrent workers never overspend. */
export interface OrganizationStore extends RecordStore<Organization> {
  /**
   * Takes `amount` credits in one atomic step, from remainingSubscriptionCredits first, then extraCredits,
   * and answers the new balance; answers null and changes nothing when the balance cannot cover it.
   */
  debitCredits(organizationId: string, amount: number): Promise<CreditBalance | null>;
}
