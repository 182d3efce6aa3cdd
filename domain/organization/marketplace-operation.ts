import { InvalidInput, IssueCollector } from '../errors.ts';
import type { Plan, Subscription } from './subscription.ts';

/** The lifecycle actions the marketplace sends; any other action is acknowledged and ignored. */
export const MARKETPLACE_ACTIONS = [
  'Unsubscribe',
  'Suspend',
  'Reinstate',
  'Renew',
  'ChangePlan',
  'ChangeQuantity',
] as const;
export type MarketplaceAction = (typeof MARKETPLACE_ACTIONS)[number];

/** One notification as the marketplace sends it, reduced to what decides its effect. */
export interface MarketplaceNotice {
  /** The operation id: the same id delivered twice has effect once. */
  readonly id: string;
  readonly subscriptionId: string;
  readonly action: string;
  /** UTC ISO-8601, up to 7 fractional digits; orders operations of one subscription. */
  readonly timeStamp: string;
  readonly planId?: string;
  /** Seats; old senders send a numeric string. */
  readonly quantity?: number | string;
}

/** What became of a notice, as recorded for idempotency and logs; a declined one answers 400 at every delivery. */
export type MarketplaceOutcome = 'applied' | 'stale' | 'unknown_action' | 'ended' | 'unknown_subscription' | 'declined';

/** A notice that has an effect, or the reason it has none (a declined one throws InvalidInput instead). */
export type MarketplaceDecision =
  | { readonly outcome: 'applied'; readonly subscription: Subscription; readonly renewed: boolean }
  | { readonly outcome: Exclude<MarketplaceOutcome, 'applied' | 'declined'> };

/**
 * How far ahead of our clock a notice's `timeStamp` may be. The sender stamps when the operation started, so a later
 * one is forged or broken; accepted, it would make every genuine notice after it look stale and have no effect.
 */
export const MARKETPLACE_FUTURE_SKEW_MS = 5 * 60_000;

/** Declines (InvalidInput) a notice stamped later than now plus the skew. */
export function assertNotInFuture(notice: Pick<MarketplaceNotice, 'timeStamp'>, now: string): void {
  if (Date.parse(notice.timeStamp) > Date.parse(now) + MARKETPLACE_FUTURE_SKEW_MS)
    throw InvalidInput.of(
      'timeStamp',
      `${notice.timeStamp} is more than ${MARKETPLACE_FUTURE_SKEW_MS / 60_000} minutes in the future`,
    );
}

export interface MarketplaceContext {
  /** The marketplace's plan ids and the plan each stands for. */
  readonly plans: ReadonlyMap<string, Plan>;
  /** Live users of the organization: seats may not drop below them. */
  readonly activeUsers: number;
  readonly now: string;
}

const isAction = (action: string): action is MarketplaceAction =>
  (MARKETPLACE_ACTIONS as readonly string[]).includes(action);

/** Orders two marketplace time stamps, sub-millisecond digits included: negative when `a` is earlier. */
export function compareTimeStamps(a: string, b: string): number {
  const difference = Date.parse(a) - Date.parse(b);
  if (difference !== 0 || Number.isNaN(difference)) return Number.isNaN(difference) ? 0 : difference;
  const fraction = (value: string) => (/\.(\d+)/.exec(value)?.[1] ?? '').padEnd(9, '0');
  return fraction(a).localeCompare(fraction(b));
}

function seats(quantity: MarketplaceNotice['quantity'], activeUsers: number): number {
  const value = typeof quantity === 'string' && /^\d+$/.test(quantity.trim()) ? Number(quantity) : quantity;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1)
    throw InvalidInput.of('quantity', 'must be a positive integer');
  if (value < activeUsers)
    throw InvalidInput.of('quantity', `must not be below the organization's ${activeUsers} active users`);
  return value;
}

/**
 * The state machine of a marketplace-linked subscription: Suspend → SUSPENDED, Reinstate → ACTIVE, Unsubscribe →
 * UNSUBSCRIBED (final), Renew → term renewed (credits refreshed by the caller), ChangePlan and ChangeQuantity change
 * plan or seats and are refused (InvalidInput, which declines the change) for an unknown plan or too few seats.
 * Unknown actions, operations older than the last applied one, and anything after the end have no effect.
 */
export function decideMarketplaceNotice(
  subscription: Subscription,
  notice: MarketplaceNotice,
  { plans, activeUsers, now }: MarketplaceContext,
): MarketplaceDecision {
  if (!isAction(notice.action)) return { outcome: 'unknown_action' };
  const last = subscription.marketplaceOperationAt;
  if (last !== null && compareTimeStamps(notice.timeStamp, last) < 0) return { outcome: 'stale' };
  if (subscription.status === 'UNSUBSCRIBED') return { outcome: 'ended' };
  const next = { ...subscription, marketplaceOperationAt: notice.timeStamp, updatedAt: now };
  switch (notice.action) {
    case 'Suspend':
      return { outcome: 'applied', subscription: { ...next, status: 'SUSPENDED' }, renewed: false };
    case 'Reinstate':
      return { outcome: 'applied', subscription: { ...next, status: 'ACTIVE' }, renewed: false };
    case 'Unsubscribe':
      return { outcome: 'applied', subscription: { ...next, status: 'UNSUBSCRIBED' }, renewed: false };
    case 'Renew':
      return { outcome: 'applied', subscription: next, renewed: true };
    case 'ChangePlan': {
      const plan = notice.planId === undefined ? undefined : plans.get(notice.planId);
      if (!plan) throw InvalidInput.of('planId', `the plan ${notice.planId ?? '(none)'} is not offered here`);
      return { outcome: 'applied', subscription: { ...next, plan }, renewed: false };
    }
    case 'ChangeQuantity':
      return {
        outcome: 'applied',
        subscription: { ...next, quantity: seats(notice.quantity, activeUsers) },
        renewed: false,
      };
  }
}

/**
 * A marketplace operation as received, kept so a repeated delivery of its id has no second effect (a declined one is
 * declined again), and so the token that carried it serves no other operation.
 */
export interface MarketplaceOperation {
  readonly id: string;
  readonly marketplaceSubscriptionId: string;
  readonly organizationId: string | null;
  readonly action: string;
  readonly operationAt: string;
  readonly outcome: MarketplaceOutcome;
  /** The bearer token's id (`jti`, else `uti`, else its digest); null for operations received before tokens were bound. */
  readonly tokenId: string | null;
  /** For a declined operation, the field and the reason it was declined. */
  readonly declinedField: string | null;
  readonly declinedReason: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}

/** The refusal a declined operation answers at every delivery; null for any other outcome. */
export function declineOf(operation: MarketplaceOperation): InvalidInput | null {
  if (operation.outcome !== 'declined') return null;
  return InvalidInput.of(operation.declinedField ?? 'body', operation.declinedReason ?? 'declined');
}

const MAX_TEXT = 255;

/**
 * Reads a notice leniently, as the sender asks (its schema may grow): unknown fields are ignored; `id`,
 * `subscriptionId`, `action` and `timeStamp` must be non-empty strings, `timeStamp` a date-time.
 */
export function readMarketplaceNotice(body: unknown): MarketplaceNotice {
  const issues = new IssueCollector();
  const record = (typeof body === 'object' && body !== null && !Array.isArray(body) ? body : {}) as Record<
    string,
    unknown
  >;
  if (record !== body) issues.add('body', 'must be a JSON object');
  const text = (field: string): string => {
    const value = record[field];
    const ok = typeof value === 'string' && value.trim() !== '' && value.length <= MAX_TEXT;
    issues.check(ok, field, `must be a non-empty string of at most ${MAX_TEXT} characters`);
    return ok ? value : '';
  };
  const notice = {
    id: text('id'),
    subscriptionId: text('subscriptionId'),
    action: text('action'),
    timeStamp: text('timeStamp'),
  };
  if (notice.timeStamp) issues.check(!Number.isNaN(Date.parse(notice.timeStamp)), 'timeStamp', 'must be a date-time');
  const { planId, quantity } = record;
  if (planId !== undefined && planId !== null)
    issues.check(typeof planId === 'string' && planId.length <= MAX_TEXT, 'planId', 'must be a string');
  if (quantity !== undefined && quantity !== null)
    issues.check(
      typeof quantity === 'number' || (typeof quantity === 'string' && quantity.length <= 20),
      'quantity',
      'must be a number',
    );
  issues.throwIfAny();
  return {
    ...notice,
    ...(typeof planId === 'string' ? { planId } : {}),
    ...(typeof quantity === 'number' || typeof quantity === 'string' ? { quantity } : {}),
  };
}
