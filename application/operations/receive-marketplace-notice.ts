import { DuplicateKey } from '../../domain/errors.ts';
import {
  decideMarketplaceNotice,
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
 * A marketplace lifecycle notice: the token is checked first; each operation id has effect once; the linked
 * organization's subscription follows the domain's state machine. Every outcome but a declined change
 * (InvalidInput, 400) is acknowledged.
 */
export class ReceiveMarketplaceNotice {
  constructor(
    private readonly ports: NeededPorts,
    private readonly settings: Pick<Settings, 'marketplacePlans' | 'marketplaceRenewalCredits'>,
  ) {}

  async execute(bearerToken: string | null, body: unknown): Promise<{ acknowledged: true }> {
    await this.ports.marketplaceTokens.verify(bearerToken);
    const notice = readMarketplaceNotice(body);
    if (await this.ports.marketplaceOperations.get(null, notice.id)) {
      this.ports.logger.info({ operationId: notice.id }, 'marketplace operation already received: no effect');
      return { acknowledged: true };
    }
    try {
      const outcome = await retryStale(() => this.ports.uow.transaction(() => this.apply(notice)));
      this.ports.logger.info(
        { operationId: notice.id, subscriptionId: notice.subscriptionId, action: notice.action, outcome },
        'marketplace operation received',
      );
    } catch (error) {
      if (!(error instanceof DuplicateKey)) throw error;
      this.ports.logger.info({ operationId: notice.id }, 'marketplace operation received twice at once: no effect');
    }
    return { acknowledged: true };
  }

  private async apply(notice: MarketplaceNotice): Promise<MarketplaceOutcome> {
    const now = this.ports.clock.now();
    const [subscription] = await this.ports.subscriptions.list(null, {
      where: [{ field: 'marketplaceSubscriptionId', op: 'eq', value: notice.subscriptionId }],
      limit: 1,
    });
    const outcome = subscription ? await this.decide(subscription, notice, now) : 'unknown_subscription';
    await this.ports.marketplaceOperations.insert({
      id: notice.id,
      marketplaceSubscriptionId: notice.subscriptionId,
      organizationId: subscription?.organizationId ?? null,
      action: notice.action,
      operationAt: notice.timeStamp,
      outcome,
      createdAt: now,
      deletedAt: null,
    });
    return outcome;
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
