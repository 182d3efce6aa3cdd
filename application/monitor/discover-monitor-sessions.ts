import { availableCredits } from '../../domain/evaluation/credits.ts';
import { reviewMonitor } from '../../domain/monitor/monitor-accounting.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { listIn } from '../shared/list-in.ts';
import { type QueueNeeds, queueMonitorSessions } from './queue-monitor-sessions.ts';
import { readySessions } from './ready-sessions.ts';
import { forEachWatchedMonitor } from './watched-monitors.ts';

type Needs = QueueNeeds & Pick<Ports, 'sessions' | 'spans' | 'organizations' | 'logger'>;

const earlier = (iso: string, seconds: number) => new Date(Date.parse(iso) - seconds * 1000).toISOString();

/** What one tick did. */
export interface DiscoveryReport {
  readonly monitors: number;
  /** Monitors left for a later tick: their organization had its share of this one. */
  readonly deferred: number;
  readonly sessionsQueued: number;
  readonly failures: number;
}

/**
 * The worker's discovery tick (every MONITOR_SWEEP_SECONDS): for each ACTIVE, CAPPED or NO_CREDITS monitor, its status
 * is reviewed (month, cap, credits), then the sessions that became ready since its last look are found from what
 * changed in that window and, when ACTIVE, queued. Either way the monitor records how far it looked, so sessions that
 * became ready while it could not score are not scored later. A monitor that fails (a concurrent tick got there first)
 * is logged and looked at again on the next tick.
 *
 * One tick is bounded so that no organization holds up another's: a monitor queues at most `monitorTickSessions`
 * sessions (its recorded progress stops where what it handled stops, the rest waits for the next ticks), and at most
 * `monitorTickMonitors` monitors of one organization are looked at, those left behind longest first.
 */
export class DiscoverMonitorSessions {
  constructor(
    private readonly ports: Needs,
    private readonly settings: Pick<Settings, 'llmJudgeCredits' | 'monitorTickSessions' | 'monitorTickMonitors'>,
  ) {}

  async execute(): Promise<DiscoveryReport> {
    const served = new Map<string, number>();
    let monitors = 0;
    let deferred = 0;
    let sessionsQueued = 0;
    let failures = 0;
    await forEachWatchedMonitor(this.ports, this.ports.clock.now(), async (monitor) => {
      const share = served.get(monitor.organizationId) ?? 0;
      if (share >= this.settings.monitorTickMonitors) {
        deferred += 1;
        return;
      }
      served.set(monitor.organizationId, share + 1);
      monitors += 1;
      try {
        sessionsQueued += await this.discover(monitor);
      } catch (error) {
        failures += 1;
        this.ports.logger.warn(
          { err: error, monitorId: monitor.id },
          'monitor discovery failed; the next tick tries again',
        );
      }
    });
    return { monitors, deferred, sessionsQueued, failures };
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
    const changed = reviewed.status !== monitor.status ? { updatedAt: now } : {};
    const idleThrough = idleSince > reviewed.discoveredThrough ? idleSince : reviewed.discoveredThrough;
    // Not scoring: both windows are passed over whole, so what became ready meanwhile is not scored later.
    if (reviewed.status !== 'ACTIVE')
      return queueMonitorSessions(this.ports, this.settings, reviewed, [], {
        discoveredThrough: idleThrough,
        completedThrough: now,
        ...changed,
      });
    const look = await readySessions(
      this.ports,
      scope,
      {
        activityFrom: reviewed.discoveredThrough,
        activityTo: idleThrough,
        finishedFrom: reviewed.completedThrough,
        finishedTo: now,
      },
      this.settings.monitorTickSessions,
    );
    return queueMonitorSessions(this.ports, this.settings, reviewed, look.sessions, {
      discoveredThrough: look.activityThrough,
      completedThrough: look.finishedThrough,
      ...changed,
    });
  }
}
