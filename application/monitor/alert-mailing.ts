import { StaleVersion } from '../../domain/errors.ts';
import type { Alert } from '../../domain/monitor/alert.ts';
import { alertMail } from '../../domain/monitor/alert-mail.ts';
import { mailAttempted, mailDelivered, mailDue, mailRefused, owedMails } from '../../domain/monitor/alert-notice.ts';
import type { AlertRule } from '../../domain/monitor/alert-rule.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** The ports alert mailing uses. */
export type MailingNeeds = Pick<Ports, 'clock' | 'monitors' | 'metrics' | 'alerts' | 'mailer' | 'logger'>;

/** Owed mails one rule retries per tick, at most. */
const RETRIES_PER_RULE = 20;

/**
 * An episode's mails: sent once by the tick that made the change, and, when the relay refused them, again by a later
 * tick (after ALERT_MAIL_RETRY_SECONDS) that first claims the attempt with a versioned write, so two workers never
 * both send it. Without a relay nothing is owed: the change is logged, not mailed.
 */
export class AlertMailing {
  constructor(
    private readonly ports: MailingNeeds,
    private readonly settings: Pick<Settings, 'publicUrl' | 'alertMailRetrySeconds'>,
  ) {}

  /** Sends again the rule's owed mails that are due in a tick started then; answers how many episodes were mailed. */
  async retry(rule: AlertRule, count: number, tickStartedAt: string): Promise<number> {
    const now = this.ports.clock.now();
    const pending = await this.ports.alerts.list(rule.organizationId, {
      where: [...where.eq('ruleId', rule.id), ...where.eq('mailPending', true)],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: RETRIES_PER_RULE,
    });
    let mailed = 0;
    for (const alert of pending) {
      if (!mailDue(alert, tickStartedAt, now, this.settings.alertMailRetrySeconds)) continue;
      const claimed = await this.ports.alerts.update(mailAttempted(alert, now)).catch(staleAsNull);
      if (claimed && (await this.deliver(rule, claimed, count))) mailed += 1;
    }
    return mailed;
  }

  /** Sends the episode's owed mails (its attempt already claimed); answers whether they went out. */
  async deliver(rule: AlertRule, alert: Alert, count: number): Promise<boolean> {
    const owed = owedMails(alert);
    if (!this.ports.mailer.configured) {
      this.ports.logger.warn({ alertRuleId: rule.id, owed }, 'alert not mailed: no SMTP relay is configured');
      await this.settle(alert, mailDelivered);
      return false;
    }
    try {
      for (const transition of owed) {
        const message = await this.message(rule, transition, transition === 'opened' ? alert.peakCount : count);
        await this.ports.mailer.send({ to: rule.emails, ...message });
      }
    } catch (error) {
      const givenUp = mailRefused(alert);
      this.ports.logger.error(
        { err: error, alertRuleId: rule.id, alertId: alert.id, attempts: alert.mailAttempts, givenUp: !!givenUp },
        givenUp ? 'alert e-mail failed; giving up' : 'alert e-mail failed; the next alert tick tries again',
      );
      if (givenUp) await this.settle(alert, () => givenUp);
      return false;
    }
    await this.settle(alert, mailDelivered);
    return true;
  }

  /** Writes the mail's outcome, on the episode as it is now (a concurrent peak may have bumped its version). */
  private async settle(alert: Alert, change: (alert: Alert) => Alert): Promise<void> {
    let current: Alert | null = alert;
    for (let attempt = 0; attempt < 3 && current; attempt += 1) {
      if ((await this.ports.alerts.update(change(current)).catch(staleAsNull)) !== null) return;
      const fresh: Alert | null = await this.ports.alerts.get(alert.organizationId, alert.id);
      current = fresh && fresh.status === alert.status ? fresh : null;
    }
  }

  private async message(rule: AlertRule, transition: 'opened' | 'recovered', count: number) {
    const scope = rule.organizationId;
    const [monitor, metric] = await Promise.all([
      this.ports.monitors.get(scope, rule.monitorId, { includeDeleted: true }),
      this.ports.metrics.get(scope, rule.metricId, { includeDeleted: true }),
    ]);
    return alertMail({
      transition,
      monitor: { id: rule.monitorId, name: monitor?.name ?? rule.monitorId },
      metricName: metric?.name ?? rule.metricId,
      rule,
      count,
      publicUrl: this.settings.publicUrl,
    });
  }
}

/** A versioned write that lost to a concurrent one answers null. */
export const staleAsNull = (error: unknown): null => {
  if (error instanceof StaleVersion) return null;
  throw error;
};
