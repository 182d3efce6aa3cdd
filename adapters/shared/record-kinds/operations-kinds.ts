import type { MfaChallenge } from '../../../domain/identity/mfa-challenge.ts';
import type { MarketplaceOperation } from '../../../domain/organization/marketplace-operation.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Operational records: marketplace operations received and sign-in MFA challenges. */
export const operationsKinds = {
  marketplaceOperations: ownedRecordKind<MarketplaceOperation>({
    name: 'MarketplaceOperation',
    publicName: 'Marketplace operation',
    fields: {
      marketplaceSubscriptionId: true,
      action: true,
      operationAt: true,
      outcome: true,
      tokenId: true,
      declinedField: true,
      declinedReason: true,
    },
    unique: [['tokenId']],
  }),
  mfaChallenges: ownedRecordKind<MfaChallenge>({
    name: 'MfaChallenge',
    publicName: 'MFA challenge',
    fields: {
      userId: true,
      codeHash: true,
      expiresAt: true,
      failedAttempts: true,
      usedAt: true,
      version: true,
    },
  }),
};
