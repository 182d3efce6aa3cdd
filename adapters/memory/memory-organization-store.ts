import type { OrganizationStore } from '../../application/ports/organization-store.ts';
import { debit, type CreditBalance } from '../../domain/evaluation/credits.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import { MemoryRecordStore } from './memory-record-store.ts';

/** Organizations in memory; a debit reads and writes with no await in between, so it is atomic. */
export class MemoryOrganizationStore extends MemoryRecordStore<Organization> implements OrganizationStore {
  async debitCredits(organizationId: string, amount: number): Promise<CreditBalance | null> {
    const row = this.rows.get(organizationId) as unknown as Organization | undefined;
    if (!row || row.deletedAt !== null) return null;
    const balance = debit(row, amount);
    if (!balance) return null;
    this.put({ ...(row as unknown as Record<string, unknown>), ...balance, version: row.version + 1 });
    return balance;
  }
}
