import type { Actor } from '../../domain/identity/role.ts';
import { InvalidInput, NotFound } from '../../domain/errors.ts';
import {
  type AlertRule,
  type AlertRuleChanges,
  changeAlertRule,
  createAlertRule,
  type NewAlertRule,
} from '../../domain/monitor/alert-rule.ts';
import type { Alert } from '../../domain/monitor/alert.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import type { Deletion } from '../../domain/shared/record.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { retryStale } from '../shared/retry-stale.ts';

type Needs = Pick<Ports, 'monitors' | 'alertRules' | 'alerts' | 'ids' | 'clock'>;

/** A rule watches one of its monitor's metrics (400 otherwise). */
function checkRuleMetric(monitor: Monitor, metricId: string | undefined): void {
  if (metricId !== undefined && !monitor.metricIds.includes(metricId))
    throw InvalidInput.of('metricId', `metric ${metricId} is not one of monitor ${monitor.id}'s metrics`);
}

/** The rule of that monitor, or NotFound (another monitor's or organization's rule never shows). */
async function requireRule(ports: Needs, scope: string, monitorId: string, ruleId: string): Promise<AlertRule> {
  const rule = await ports.alertRules.require(scope, ruleId);
  if (rule.monitorId !== monitorId) throw NotFound.of('Alert rule', ruleId);
  return rule;
}

/** POST /monitors/{id}/alertRules. */
export class CreateAlertRule {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, monitorId: string, input: NewAlertRule): Promise<AlertRule> {
    const scope = actor.organizationId;
    const monitor = await this.ports.monitors.require(scope, monitorId);
    const rule = createAlertRule(input, monitor.id, {
      id: this.ports.ids.next('alertRule'),
      organizationId: scope,
      now: this.ports.clock.now(),
    });
    checkRuleMetric(monitor, rule.metricId);
    return this.ports.alertRules.insert(rule);
  }
}

/** GET /monitors/{id}/alertRules: the monitor's rules, one page. */
export class ListAlertRules {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, monitorId: string, page: Page<AlertRule>): Promise<AlertRule[]> {
    const scope = actor.organizationId;
    await this.ports.monitors.require(scope, monitorId);
    return this.ports.alertRules.list(scope, { where: where.eq('monitorId', monitorId), ...page });
  }
}

/** PATCH /monitors/{id}/alertRules/{ruleId}. */
export class UpdateAlertRule {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, monitorId: string, ruleId: string, changes: AlertRuleChanges): Promise<AlertRule> {
    const scope = actor.organizationId;
    const monitor = await this.ports.monitors.require(scope, monitorId);
    checkRuleMetric(monitor, changes.metricId);
    return retryStale(async () => {
      const rule = await requireRule(this.ports, scope, monitorId, ruleId);
      return this.ports.alertRules.update(changeAlertRule(rule, changes, this.ports.clock.now()));
    });
  }
}

/** DELETE /monitors/{id}/alertRules/{ruleId}: its episodes stay listed. */
export class DeleteAlertRule {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, monitorId: string, ruleId: string): Promise<Deletion> {
    const scope = actor.organizationId;
    await this.ports.monitors.require(scope, monitorId);
    const deletedAt = this.ports.clock.now();
    await retryStale(async () => {
      const rule = await requireRule(this.ports, scope, monitorId, ruleId);
      await this.ports.alertRules.update({ ...rule, deletedAt });
    });
    return { id: ruleId, deletedAt };
  }
}

/** GET /monitors/{id}/alerts: the monitor's alert episodes, newest first, one page. */
export class ListAlerts {
  constructor(private readonly ports: Needs) {}

  async execute(actor: Actor, monitorId: string, page: Page<Alert>): Promise<Alert[]> {
    const scope = actor.organizationId;
    await this.ports.monitors.require(scope, monitorId);
    return this.ports.alerts.list(scope, { where: where.eq('monitorId', monitorId), ...page });
  }
}
