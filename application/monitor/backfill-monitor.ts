import type { Actor } from '../../domain/identity/role.ts';
import { checkBackfillPeriod } from '../../domain/monitor/backfill.ts';
import type { Session } from '../../domain/tracing/session.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { type QueueNeeds, queueMonitorSessions } from './queue-monitor-sessions.ts';
import { activeAfter } from './active-after.ts';

type Needs = QueueNeeds & Pick<Ports, 'sessions' | 'spans'>;

/** Sessions one page of a backfill reads. */
const PAGE = 500;

const earlier = (iso: string, seconds: number) => new Date(Date.parse(iso) - seconds * 1000).toISOString();

/**
 * POST /monitors/{id}/backfill: queues the ready production sessions created in [from, to] with the same sampling,
 * filter, cap and once-only rule as discovery (whatever the monitor's status), a page at a time; answers how many
 * sessions were queued (none already scored by this monitor count).
 */
export class BackfillMonitor {
  constructor(
    private readonly ports: Needs,
    private readonly settings: Pick<Settings, 'llmJudgeCredits'>,
  ) {}

  async execute(actor: Actor, id: string, period: { from: string; to: string }): Promise<{ queued: number }> {
    const scope = actor.organizationId;
    await this.ports.monitors.require(scope, id);
    checkBackfillPeriod(period);
    const range: Condition<Session>[] = [
      ...where.eq('isProduction', true),
      { field: 'createdAt', op: 'gte', value: new Date(period.from).toISOString() },
      { field: 'createdAt', op: 'lte', value: new Date(period.to).toISOString() },
    ];
    let queued = 0;
    let last: string | undefined;
    for (;;) {
      const page = await this.ports.sessions.list(scope, {
        where: range,
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: PAGE,
        after: last,
      });
      if (page.length === 0) break;
      last = page.at(-1)!.id;
      queued += await retryStale(async () => {
        const monitor = await this.ports.monitors.require(scope, id);
        const idleSince = earlier(this.ports.clock.now(), monitor.idleSeconds);
        const pending = page.filter((session) => session.status !== 'COMPLETED');
        const active = await activeAfter(
          this.ports,
          scope,
          pending.map((session) => session.id),
          idleSince,
        );
        const ready = page.filter(
          (session) => session.status === 'COMPLETED' || (session.createdAt <= idleSince && !active.has(session.id)),
        );
        return queueMonitorSessions(this.ports, this.settings, monitor, ready);
      });
      if (page.length < PAGE) break;
    }
    return { queued };
  }
}
