import { Forbidden, IssueCollector } from '../errors.ts';
import type { Actor } from '../identity/role.ts';

export const PLANS = ['FREE', 'ENTERPRISE'] as const;
export type Plan = (typeof PLANS)[number];
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'SUSPENDED', 'UNSUBSCRIBED'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

/** An organization's subscription: one per organization, keyed by the organization id. */
export interface Subscription {
  readonly id: string;
  readonly organizationId: string;
  readonly plan: Plan;
  readonly status: SubscriptionStatus;
  readonly quantity: number;
  /** The marketplace's subscription id this organization is linked to (set by an ADMIN), or null. */
  readonly marketplaceSubscriptionId: string | null;
  /** The `timeStamp` of the last marketplace operation applied; older ones are ignored. */
  readonly marketplaceOperationAt: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export function freeSubscription(organizationId: string, now: string): Subscription {
  return {
    id: organizationId,
    organizationId,
    plan: 'FREE',
    status: 'ACTIVE',
    quantity: 1,
    marketplaceSubscriptionId: null,
    marketplaceOperationAt: null,
    createdAt: now,
    updatedAt: now,
    deletedAt: null,
    version: 0,
  };
}

export interface SubscriptionChange {
  readonly plan: Plan;
  readonly status: SubscriptionStatus;
  readonly quantity?: number;
  readonly marketplaceSubscriptionId?: string | null;
}

export function changeSubscription(current: Subscription, change: SubscriptionChange, now: string): Subscription {
  const issues = new IssueCollector();
  if (change.quantity !== undefined) {
    issues.check(Number.isInteger(change.quantity) && change.quantity >= 1, 'quantity', 'must be a positive integer');
  }
  issues.throwIfAny();
  return {
    ...current,
    plan: change.plan,
    status: change.status,
    quantity: change.quantity ?? current.quantity,
    marketplaceSubscriptionId:
      change.marketplaceSubscriptionId === undefined
        ? current.marketplaceSubscriptionId
        : change.marketplaceSubscriptionId,
    updatedAt: now,
  };
}

/** Plans are set by the platform (later also by the marketplace): ADMIN only. */
export function assertMayChangeSubscription(actor: Actor): void {
  if (actor.role !== 'ADMIN') throw new Forbidden('Only an ADMIN may change a subscription');
}

/** Enterprise features (build info, self-check) need plan ENTERPRISE in status ACTIVE. */
export const isEnterpriseActive = (subscription: Subscription | null): boolean =>
  subscription !== null && subscription.plan === 'ENTERPRISE' && subscription.status === 'ACTIVE';

/** Why requests with an organization's keys are refused: its subscription is suspended or has ended; null when usable. */
export function subscriptionBlock(subscription: Pick<Subscription, 'status'> | null): string | null {
  if (subscription?.status === 'SUSPENDED')
    return "The organization's subscription is suspended: its data is kept, and access returns once it is reinstated";
  if (subscription?.status === 'UNSUBSCRIBED')
    return "The organization's subscription has ended: its data is kept, but its keys no longer give access";
  return null;
}
