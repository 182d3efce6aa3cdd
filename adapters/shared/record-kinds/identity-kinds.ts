import type { Organization } from '../../../domain/organization/organization.ts';
import type { Subscription } from '../../../domain/organization/subscription.ts';
import type { User } from '../../../domain/identity/user.ts';
import type { ApiKey } from '../../../domain/identity/api-key.ts';
import { ownedRecordKind, recordKind } from '../record-kind.ts';

/** The identity and organization records. */
export const identityKinds = {
  organizations: recordKind<Organization>({
    name: 'Organization',
    scopeField: 'id',
    fields: {
      id: true,
      name: true,
      remainingSubscriptionCredits: true,
      extraCredits: true,
      lastWarningAt: true,
      warningAt: true,
      billingCustomerId: true,
      samlEntrypointUrl: true,
      samlEntityId: true,
      samlIssuerId: true,
      samlPublicCertificate: true,
      samlTeamSlug: true,
      samlSignedResponse: true,
      samlSignedAssertions: true,
      enforceMfa: true,
      traceRetentionDays: true,
      creditWarningLevel: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  subscriptions: ownedRecordKind<Subscription>({
    name: 'Subscription',
    fields: {
      plan: true,
      status: true,
      quantity: true,
      marketplaceSubscriptionId: true,
      marketplaceOperationAt: true,
      updatedAt: true,
      version: true,
    },
  }),
  users: ownedRecordKind<User>({
    name: 'User',
    unique: [['email']],
    fields: {
      email: true,
      name: true,
      role: true,
      passwordHash: true,
      providerAId: true,
      providerBId: true,
      providerCId: true,
      samlId: true,
      analyticsConsent: true,
      marketingConsent: true,
      mfaSource: true,
      firstSignInAt: true,
      latestSignInAt: true,
      version: true,
    },
  }),
  apiKeys: ownedRecordKind<ApiKey>({
    name: 'ApiKey',
    publicName: 'API key',
    unique: [['secretHash']],
    fields: {
      userId: true,
      name: true,
      secretHash: true,
      prefix: true,
      expiresAt: true,
      revokedAt: true,
    },
  }),
};
