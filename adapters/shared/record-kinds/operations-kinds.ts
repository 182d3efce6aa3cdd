import type { MfaChallenge } from '../../../domain/identity/mfa-challenge.ts';
import type { MarketplaceOperation } from '../../../domain/organization/marketplace-operation.ts';
import { recordKind } from '../record-kind.ts';

/** Operational records: marketplace operations received and sign-in MFA challenges. */
export const operationsKinds = {
  marketplaceOperations: recordKind<MarketplaceOperation>({
    name: 'MarketplaceOperation',
    publicName: 'Marketplace operation',
    scopeField: 'organizationId',
    fields: {
      id: true,
      marketplaceSubscriptionId: true,
      organizationId: true,
      action: true,
      operationAt: true,
      outcome: true,
      createdAt: true,
      deletedAt: true,
    },
  }),
  mfaChallenges: recordKind<MfaChallenge>({
    name: 'MfaChallenge',
    publicName: 'MFA challenge',
    scopeField: 'organizationId',
    fields: {
      id: true,
      organizationId: true,
      userId: true,
      codeHash: true,
      expiresAt: true,
      failedAttempts: true,
      usedAt: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
};
