import { availableCredits } from '../../domain/evaluation/credits.ts';
import { reviewMonitor } from '../../domain/monitor/monitor-accounting.ts';
import { WATCHED_STATUSES } from '../../domain/monitor/monitor-status.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { listIn } from '../shared/list-in.ts';
import { type QueueNeeds, queueMonitorSessions } from './queue-monitor-sessions.ts';
import { readySessions } from './ready-sessions.ts';

type Needs = QueueNeeds & Pick<Ports, 'sessions' | 'spans' | 'organizations' | 'logger'>;

/** Monitors one tick looks at, at most. */
const MANY = 100_000;

const earlier = (iso: string, seconds: number) => new Date(Date.parse(iso) - seconds * 1000).toISOString();

/** What one tick did. */
export interface DiscoveryReport {
  readonly monitors: number;
  readonly sessionsQueued: number;
  readonly failures: number;
}

/**
 * The worker's discovery tick (every MONITOR_SWEEP_SECONDS): for each ACTIVE, CAPPED or NO_CREDITS monitor, its status
 * is reviewed (month, cap, credits), then the sessions that became ready since its last look are found from what
 * changed in that window and, when ACTIVE, queued. Either way the monitor records how far it looked, so sessions that
 * became ready while it could not score are not scored later. A monitor that fails (a concurrent tick got there first)
 * is logged and looked at again on the next tick.
 */
export class DiscoverMonitorSessions {
  constructor(
    private readonly ports: Needs,
    private readonly settings: Pick<Settings, 'llmJudgeCredits'>,
  ) {}

  async execute(): Promise<DiscoveryReport> {
    const monitors = await this.ports.monitors.list(null, {
      where: where.in('status', WATCHED_STATUSES),
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    });
    let sessionsQueued = 0;
    let failures = 0;
    for (const monitor of monitors) {
      try {
        sessionsQueued += await this.discover(monitor);
      } catch (error) {
        failures += 1;
        this.ports.logger.warn(
          { err: error, monitorId: monitor.id },
          'monitor discovery failed; the next tick tries again',
        );
      }
    }
    return { monitors: monitors.length, sessionsQueued, failures };
  }

  private async discover(monitor: Monitor): Promise<number> {
    const scope = monitor.organizationId;
    const now = this.ports.clock.now();
    const [organization, metrics] = await Promise.all([
      this.ports.organizations.get(scope, scope),
      listIn(this.ports.metrics, scope, monitor.metricIds),
    ]);
    const judged = metrics.some((metric) => metric.source === 'LLM_JUDGE');
    const reviewed = reviewMonitor(monitor, {
      now,
      availableCredits: organization ? availableCredits(organization) : 0,
      judgeCost: judged ? this.settings.llmJudgeCredits : 0,
    });
    const idleSince = earlier(now, reviewed.idleSeconds);
    const looked = {
      discoveredThrough: idleSince > reviewed.discoveredThrough ? idleSince : reviewed.discoveredThrough,
      completedThrough: now,
    };
    const ready =
      reviewed.status === 'ACTIVE'
        ? await readySessions(this.ports, scope, {
            activityFrom: reviewed.discoveredThrough,
            activityTo: looked.discoveredThrough,
            finishedFrom: reviewed.completedThrough,
            finishedTo: now,
          })
        : [];
    const changed = reviewed.status !== monitor.status ? { updatedAt: now } : {};
    return queueMonitorSessions(this.ports, this.settings, reviewed, ready, { ...looked, ...changed });
  }
}
