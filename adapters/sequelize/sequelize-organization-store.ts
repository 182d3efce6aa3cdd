import { QueryTypes } from 'sequelize';
import type { OrganizationStore } from '../../application/ports/organization-store.ts';
import type { CreditBalance } from '../../domain/evaluation/credits.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';

/**
 * Organizations in SQL; a debit is one conditional UPDATE (the row lock serialises concurrent ones), taking
 * subscription credits first, then extra credits, exactly as `debit` in domain/evaluation/credits.ts.
 */
export class SequelizeOrganizationStore extends SequelizeRecordStore<Organization> implements OrganizationStore {
  async debitCredits(organizationId: string, amount: number): Promise<CreditBalance | null> {
    const sub = 'COALESCE(remaining_subscription_credits, 0)';
    const rows = await this.database.sequelize.query<{
      remaining_subscription_credits: number | null;
      extra_credits: number;
    }>(
      `UPDATE organizations SET
         extra_credits = extra_credits - CASE WHEN ${sub} >= $1 THEN 0 ELSE $1 - ${sub} END,
         remaining_subscription_credits = CASE WHEN remaining_subscription_credits IS NULL THEN NULL
           WHEN remaining_subscription_credits >= $1 THEN remaining_subscription_credits - $1 ELSE 0 END,
         version = version + 1
       WHERE id = $2 AND deleted_at IS NULL AND ${sub} + extra_credits >= $1
       RETURNING remaining_subscription_credits, extra_credits`,
      { bind: [amount, organizationId], type: QueryTypes.SELECT, transaction: this.context.current() },
    );
    const row = rows[0];
    return row
      ? {
          remainingSubscriptionCredits:
            row.remaining_subscription_credits === null ? null : Number(row.remaining_subscription_credits),
          extraCredits: Number(row.extra_credits),
        }
      : null;
  }
}
