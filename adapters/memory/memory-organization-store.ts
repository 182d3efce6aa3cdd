import type { OrganizationStore } from '../../application/ports/organization-store.ts';
import { debit, type CreditBalance } from '../../domain/evaluation/credits.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import { bumped } from '../shared/bumped.ts';
import { MemoryRecordStore } from './memory-record-store.ts';

/** Organizations in memory; a debit reads and writes with no await in between, so it is atomic. */
export class MemoryOrganizationStore extends MemoryRecordStore<Organization> implements OrganizationStore {
  async debitCredits(organizationId: string, amount: number): Promise<CreditBalance | null> {
    const row = this.rows.get(organizationId);
    if (!row || row.deletedAt !== null) return null;
    const balance = debit(row, amount);
    if (!balance) return null;
    this.put(bumped({ ...row, ...balance }));
    return balance;
  }
}
