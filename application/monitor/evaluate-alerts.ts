import { type Alert, decideAlert } from '../../domain/monitor/alert.ts';
import { alertMail } from '../../domain/monitor/alert-mail.ts';
import { type AlertRule, WINDOW_SECONDS } from '../../domain/monitor/alert-rule.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

type Needs = Pick<
  Ports,
  | 'uow'
  | 'clock'
  | 'ids'
  | 'monitors'
  | 'metrics'
  | 'alertRules'
  | 'alerts'
  | 'evaluations'
  | 'mailer'
  | 'logger'
  | 'monitorObserver'
>;

/** Rules one tick evaluates, at most. */
const MANY = 100_000;

/**
 * The worker's alert tick (every ALERT_EVALUATION_SECONDS): each live rule counts its monitor's evaluations of its
 * metric scored below `badScoreBelow` in its window; an alert opens at the threshold and recovers at
 * threshold − ⌊√threshold⌋ or below, at most one open per rule. Each opening and recovery is written first (so a
 * concurrent tick cannot do it again: the episode's version) and then mailed once to the rule's addresses.
 */
export class EvaluateAlerts {
  constructor(
    private readonly ports: Needs,
    private readonly settings: Pick<Settings, 'publicUrl'>,
  ) {}

  async execute(): Promise<{ opened: number; recovered: number }> {
    const rules = await this.ports.alertRules.list(null, {
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    });
    let opened = 0;
    let recovered = 0;
    for (const rule of rules) {
      try {
        const change = await this.evaluate(rule);
        if (change === 'opened') opened += 1;
        if (change === 'recovered') recovered += 1;
      } catch (error) {
        this.ports.logger.warn(
          { err: error, alertRuleId: rule.id },
          'alert rule evaluation failed; the next tick tries again',
        );
      }
    }
    return { opened, recovered };
  }

  private async evaluate(rule: AlertRule): Promise<'opened' | 'recovered' | null> {
    const scope = rule.organizationId;
    const now = this.ports.clock.now();
    const since = new Date(Date.parse(now) - WINDOW_SECONDS[rule.window] * 1000).toISOString();
    const count = await this.ports.evaluations.count(scope, {
      where: [
        ...where.eq('monitorId', rule.monitorId),
        ...where.eq('metricId', rule.metricId),
        ...where.eq('status', 'SUCCESS'),
        { field: 'evaluatedAt', op: 'gt', value: since },
        { field: 'score', op: 'lt', value: rule.badScoreBelow },
      ],
    });
    const [open] = await this.ports.alerts.list(scope, {
      where: [...where.eq('ruleId', rule.id), ...where.eq('status', 'OPEN')],
      limit: 1,
    });
    const decision = decideAlert(rule, (open as Alert | undefined) ?? null, count, now);
    if (decision.kind === 'none') return null;
    if (decision.kind === 'peak') {
      await this.ports.alerts.update(decision.alert);
      return null;
    }
    if (decision.kind === 'open') {
      await this.ports.alerts.insert({
        id: this.ports.ids.next('alert'),
        organizationId: scope,
        monitorId: rule.monitorId,
        ruleId: rule.id,
        status: 'OPEN',
        openedAt: now,
        recoveredAt: null,
        peakCount: decision.peakCount,
        createdAt: now,
        deletedAt: null,
        version: 0,
      });
    } else await this.ports.alerts.update(decision.alert);
    const transition = decision.kind === 'open' ? 'opened' : 'recovered';
    this.ports.monitorObserver.alertChanged(transition);
    await this.mail(rule, transition, count);
    return transition;
  }

  private async mail(rule: AlertRule, transition: 'opened' | 'recovered', count: number): Promise<void> {
    const scope = rule.organizationId;
    const [monitor, metric] = await Promise.all([
      this.ports.monitors.get(scope, rule.monitorId, { includeDeleted: true }),
      this.ports.metrics.get(scope, rule.metricId, { includeDeleted: true }),
    ]);
    const message = alertMail({
      transition,
      monitor: { id: rule.monitorId, name: monitor?.name ?? rule.monitorId },
      metricName: metric?.name ?? rule.metricId,
      rule,
      count,
      publicUrl: this.settings.publicUrl,
    });
    if (!this.ports.mailer.configured) {
      this.ports.logger.warn({ alertRuleId: rule.id, transition }, 'alert not mailed: no SMTP relay is configured');
      return;
    }
    await this.ports.mailer
      .send({ to: rule.emails, ...message })
      .catch((error: unknown) => this.ports.logger.error({ err: error, alertRuleId: rule.id }, 'alert e-mail failed'));
  }
}
