import { DuplicateKey } from '../../domain/errors.ts';
import { type Alert, decideAlert, openedAlert } from '../../domain/monitor/alert.ts';
import { type AlertRule, WINDOW_SECONDS } from '../../domain/monitor/alert-rule.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { AlertMailing, staleAsNull } from './alert-mailing.ts';

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
 * threshold − ⌊√threshold⌋ or below, at most one open per rule (a unique index: a concurrent tick's second opening is
 * "already open"). Each change is written first (a concurrent recovery goes stale) and then mailed once to the rule's
 * addresses; a refused mail stays owed and a later tick sends it again (AlertMailing).
 */
export class EvaluateAlerts {
  private readonly mailing: AlertMailing;

  constructor(
    private readonly ports: Needs,
    settings: Pick<Settings, 'publicUrl' | 'alertMailRetrySeconds'>,
  ) {
    this.mailing = new AlertMailing(ports, settings);
  }

  async execute(): Promise<{ opened: number; recovered: number }> {
    const startedAt = this.ports.clock.now();
    const rules = await this.ports.alertRules.list(null, {
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    });
    let opened = 0;
    let recovered = 0;
    for (const rule of rules) {
      try {
        const change = await this.evaluate(rule, startedAt);
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

  private async evaluate(rule: AlertRule, startedAt: string): Promise<'opened' | 'recovered' | null> {
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
    await this.mailing.retry(rule, count, startedAt);
    const [open] = await this.ports.alerts.list(scope, {
      where: [...where.eq('ruleId', rule.id), ...where.eq('status', 'OPEN')],
      limit: 1,
    });
    const decision = decideAlert(rule, (open as Alert | undefined) ?? null, count, now);
    if (decision.kind === 'none') return null;
    if (decision.kind === 'peak') {
      await this.ports.alerts.update(decision.alert).catch(staleAsNull);
      return null;
    }
    const changed =
      decision.kind === 'open'
        ? await this.ports.alerts
            .insert(
              openedAlert({ ...rule, id: this.ports.ids.next('alert'), ruleId: rule.id, now }, decision.peakCount),
            )
            .catch(duplicateAsNull)
        : await this.ports.alerts.update(decision.alert).catch(staleAsNull);
    if (!changed) return null;
    const transition = decision.kind === 'open' ? 'opened' : 'recovered';
    this.ports.monitorObserver.alertChanged(transition);
    await this.mailing.deliver(rule, changed, count);
    return transition;
  }
}

/** Another tick opened the rule's episode first (the one-open-alert index): already open, nothing to mail. */
const duplicateAsNull = (error: unknown): null => {
  if (error instanceof DuplicateKey) return null;
  throw error;
};
