import { DuplicateKey, InvalidInput, type Issue, Unauthorized } from '../../domain/errors.ts';
import {
  assertNotInFuture,
  declineOf,
  decideMarketplaceNotice,
  type MarketplaceOperation,
  type MarketplaceNotice,
  type MarketplaceOutcome,
  readMarketplaceNotice,
} from '../../domain/organization/marketplace-operation.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { warnOnCredits } from './warn-on-credits.ts';

type NeededPorts = Pick<
  Ports,
  | 'marketplaceTokens'
  | 'marketplaceOperations'
  | 'subscriptions'
  | 'organizations'
  | 'users'
  | 'uow'
  | 'clock'
  | 'logger'
  | 'mailer'
>;

/**
 * A marketplace lifecycle notice: the token is checked first, and serves one operation only (a replayed token is
 * 401); each operation id has effect once; a notice stamped in the future is declined; the linked organization's
 * subscription follows the domain's state machine. Every outcome is recorded, a declined change (InvalidInput, 400)
 * too, so a redelivery is answered as the first delivery was rather than judged again.
 */
export class ReceiveMarketplaceNotice {
  constructor(
    private readonly ports: NeededPorts,
    private readonly settings: Pick<Settings, 'marketplacePlans' | 'marketplaceRenewalCredits'>,
  ) {}

  async execute(bearerToken: string | null, body: unknown): Promise<{ acknowledged: true }> {
    const { tokenId } = await this.ports.marketplaceTokens.verify(bearerToken);
    const notice = readMarketplaceNotice(body);
    const known = await this.ports.marketplaceOperations.get(null, notice.id);
    if (known) return this.repeated(known);
    await this.assertTokenUnused(tokenId);
    let operation: MarketplaceOperation;
    try {
      operation = await retryStale(() => this.ports.uow.transaction(() => this.apply(notice, tokenId)));
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
      const raced = await this.ports.marketplaceOperations.get(null, notice.id);
      if (!raced) throw tokenUsed();
      return this.repeated(raced);
    }
    this.ports.logger.info(
      {
        operationId: notice.id,
        subscriptionId: notice.subscriptionId,
        action: notice.action,
        outcome: operation.outcome,
      },
      'marketplace operation received',
    );
    const decline = declineOf(operation);
    if (decline) throw decline;
    return { acknowledged: true };
  }

  /** A delivery of an operation already received: no effect, and the same answer as the first time. */
  private repeated(operation: MarketplaceOperation): { acknowledged: true } {
    this.ports.logger.info({ operationId: operation.id }, 'marketplace operation already received: no effect');
    const decline = declineOf(operation);
    if (decline) throw decline;
    return { acknowledged: true };
  }

  private async assertTokenUnused(tokenId: string): Promise<void> {
    const [used] = await this.ports.marketplaceOperations.list(null, {
      where: [{ field: 'tokenId', op: 'eq', value: tokenId }],
      limit: 1,
    });
    if (used) throw tokenUsed();
  }

  private async apply(notice: MarketplaceNotice, tokenId: string): Promise<MarketplaceOperation> {
    const now = this.ports.clock.now();
    const [subscription] = await this.ports.subscriptions.list(null, {
      where: [{ field: 'marketplaceSubscriptionId', op: 'eq', value: notice.subscriptionId }],
      limit: 1,
    });
    let outcome: MarketplaceOutcome;
    let declined: Issue | null = null;
    try {
      assertNotInFuture(notice, now);
      outcome = subscription ? await this.decide(subscription, notice, now) : 'unknown_subscription';
    } catch (error) {
      if (!(error instanceof InvalidInput)) throw error;
      [outcome, declined] = ['declined', error.issues[0] ?? { path: 'body', message: error.message }];
    }
    return this.ports.marketplaceOperations.insert({
      id: notice.id,
      marketplaceSubscriptionId: notice.subscriptionId,
      organizationId: subscription?.organizationId ?? null,
      action: notice.action,
      operationAt: notice.timeStamp,
      outcome,
      tokenId,
      declinedField: declined?.path ?? null,
      declinedReason: declined?.message.slice(0, 1000) ?? null,
      createdAt: now,
      deletedAt: null,
    });
  }

  private async decide(subscription: Subscription, notice: MarketplaceNotice, now: string) {
    const organizationId = subscription.organizationId;
    const activeUsers = notice.action === 'ChangeQuantity' ? await this.ports.users.count(organizationId, {}) : 0;
    const decision = decideMarketplaceNotice(subscription, notice, {
      plans: this.settings.marketplacePlans,
      activeUsers,
      now,
    });
    if (decision.outcome !== 'applied') return decision.outcome;
    await this.ports.subscriptions.update(decision.subscription);
    if (decision.renewed) {
      const organization = await this.ports.organizations.require(organizationId, organizationId);
      await this.ports.organizations.update({
        ...organization,
        remainingSubscriptionCredits: this.settings.marketplaceRenewalCredits,
      });
      await warnOnCredits(this.ports, organizationId);
    }
    return decision.outcome;
  }
}

const tokenUsed = () =>
  new Unauthorized('This marketplace token was already used for another operation: each token serves one operation');
