import { z } from 'zod';
import type { ApiKeyView } from '../../../application/api-key/api-key-view.ts';
import type { CreateApiKey } from '../../../application/api-key/create-api-key.ts';
import type { CreateUser } from '../../../application/user/create-user.ts';
import { ROLES } from '../../../domain/identity/role.ts';
import { MFA_SOURCES, type UserChanges, type UserView } from '../../../domain/identity/user.ts';
import type { Organization, OrganizationChanges } from '../../../domain/organization/organization.ts';
import {
  PLANS,
  SUBSCRIPTION_STATUSES,
  type Subscription,
  type SubscriptionChange,
} from '../../../domain/organization/subscription.ts';
import { TRACE_RETENTION_DAYS } from '../../../domain/operations/retention.ts';
import { listQuery, nameFilters, nullableTimestamp, q, timestamp } from './common.ts';
import { lifecycleTimestamps, recordResponse, requestBody } from './record-fields.ts';

/** A name in an identity request body: trimmed, then 1 to 255 characters. */
const trimmedName = z.string().trim().min(1).max(255);

export const organization = recordResponse<Organization, 'version' | 'creditWarningLevel'>({ id: 'Organization' })({
  id: z.string(),
  name: z.string(),
  remainingSubscriptionCredits: z.number().int().nullable(),
  extraCredits: z.number().int(),
  lastWarningAt: nullableTimestamp,
  warningAt: z.number().int().nullable(),
  billingCustomerId: z.string().nullable(),
  samlEntrypointUrl: z.string().nullable(),
  samlEntityId: z.string().nullable(),
  samlIssuerId: z.string().nullable(),
  samlPublicCertificate: z.string().nullable(),
  samlTeamSlug: z.string().nullable(),
  samlSignedResponse: z.boolean().nullable(),
  samlSignedAssertions: z.boolean().nullable(),
  enforceMfa: z.boolean(),
  traceRetentionDays: z
    .number()
    .int()
    .nullable()
    .describe('Days spans are kept (by startTime) before the sweep deletes them; null keeps them forever'),
  ...lifecycleTimestamps,
});

const organizationFields = {
  remainingSubscriptionCredits: z.number().int().min(0).nullable().optional(),
  extraCredits: z.number().int().min(0).optional(),
  warningAt: z.number().int().nullable().optional(),
  billingCustomerId: z.string().nullable().optional(),
  samlEntrypointUrl: z.string().nullable().optional(),
  samlEntityId: z.string().nullable().optional(),
  samlIssuerId: z.string().nullable().optional(),
  samlPublicCertificate: z.string().nullable().optional(),
  samlTeamSlug: z.string().nullable().optional(),
  samlSignedResponse: z.boolean().nullable().optional(),
  samlSignedAssertions: z.boolean().nullable().optional(),
  enforceMfa: z.boolean().optional(),
  traceRetentionDays: z
    .number()
    .int()
    .min(TRACE_RETENTION_DAYS.min)
    .max(TRACE_RETENTION_DAYS.max)
    .nullable()
    .optional()
    .describe('Days spans are kept (by startTime), 1 to 3650; null keeps them forever (OWNER or ADMIN)'),
};

export const organizationCreate = requestBody<OrganizationChanges & { name: string }>({ id: 'OrganizationCreate' })({
  name: trimmedName,
  ...organizationFields,
});
export const organizationUpdate = requestBody<OrganizationChanges>({ id: 'OrganizationUpdate' })({
  name: trimmedName.optional(),
  ...organizationFields,
});
export const organizationQuery = listQuery({ filters: nameFilters, sort: ['createdAt', 'name', 'id'] });

export const subscription = recordResponse<
  Subscription,
  'id' | 'organizationId' | 'createdAt' | 'deletedAt' | 'version'
>({ id: 'Subscription' })({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  quantity: z.number().int(),
  marketplaceSubscriptionId: z.string().nullable().describe('The linked marketplace subscription, if any'),
  marketplaceOperationAt: z.string().nullable().describe('Time stamp of the last marketplace operation applied'),
  updatedAt: timestamp,
});
export const subscriptionChange = requestBody<SubscriptionChange>({ id: 'SubscriptionChange' })({
  plan: z.enum(PLANS),
  status: z.enum(SUBSCRIPTION_STATUSES),
  quantity: z.number().int().min(1).optional(),
  marketplaceSubscriptionId: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .nullable()
    .optional()
    .describe('Links the organization to a marketplace subscription; null unlinks'),
});

export const user = recordResponse<UserView>({ id: 'User' })({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  organizationId: z.string(),
  hasPassword: z.boolean(),
  hasProviderAId: z.boolean(),
  hasProviderBId: z.boolean(),
  hasProviderCId: z.boolean(),
  hasSamlId: z.boolean(),
  hasApiKey: z.boolean(),
  analyticsConsent: z.boolean().nullable(),
  marketingConsent: z.boolean(),
  mfaSource: z.enum(MFA_SOURCES).nullable(),
  firstSignInAt: nullableTimestamp,
  latestSignInAt: nullableTimestamp,
  ...lifecycleTimestamps,
});

export const userCreate = requestBody<Parameters<CreateUser['execute']>[1]>({ id: 'UserCreate' })({
  organizationId: z.string().optional(),
  email: z.email(),
  name: trimmedName,
  role: z.enum(ROLES),
});
export const userUpdate = requestBody<UserChanges>({ id: 'UserUpdate' })({
  email: z.email().optional(),
  name: trimmedName.optional(),
  role: z.enum(ROLES).optional(),
  analyticsConsent: z.boolean().nullable().optional(),
  marketingConsent: z.boolean().optional(),
  mfaSource: z.enum(MFA_SOURCES).nullable().optional(),
});
export const userQuery = listQuery({
  filters: {
    ...nameFilters,
    emails: q.strings(),
    roles: q.enums(ROLES),
    organizationId: q.string(),
  },
  sort: ['createdAt', 'email', 'name', 'id'],
});

export const apiKey = recordResponse<ApiKeyView>({ id: 'ApiKey' })({
  id: z.string(),
  name: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  prefix: z.string(),
  createdAt: timestamp,
  expiresAt: nullableTimestamp.describe('Session keys from sign-in expire; other keys never (null)'),
  revokedAt: nullableTimestamp,
  deletedAt: nullableTimestamp,
});
export const apiKeyCreated = apiKey
  .extend({ key: z.string().describe('The plain key, shown this once') })
  .meta({ id: 'ApiKeyCreated' });
export const apiKeyCreate = requestBody<Parameters<CreateApiKey['execute']>[1]>({ id: 'ApiKeyCreate' })({
  userId: z.string().optional(),
  name: trimmedName,
});
export const apiKeyQuery = listQuery({
  filters: {
    ...nameFilters,
    userIds: q.strings(),
  },
  sort: ['createdAt', 'name', 'id'],
});
