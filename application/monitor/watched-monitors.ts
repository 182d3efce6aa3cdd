import { WATCHED_STATUSES } from '../../domain/monitor/monitor-status.ts';
import type { Monitor } from '../../domain/monitor/monitor.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** Monitors one read of the tick's list holds. */
export const WATCHED_PAGE = 200;

/**
 * The monitors a tick starting at `started` looks at, a bounded page at a time, in the order they were last caught
 * up (`completedThrough`, then id): a monitor left behind — by a backlog or by its organization's share of the last
 * tick — comes first. Pages follow each other by those values as read, so a monitor the tick moves on comes again
 * only when it is still behind; `visit` sees each monitor once.
 */
export async function forEachWatchedMonitor(
  ports: Pick<Ports, 'monitors'>,
  started: string,
  visit: (monitor: Monitor) => Promise<void>,
  pageSize = WATCHED_PAGE,
): Promise<void> {
  const seen = new Set<string>();
  let last: Monitor | undefined;
  for (;;) {
    const following: Condition<Monitor>[] = last
      ? where.anyOf<keyof Monitor & string>(
          [{ field: 'completedThrough', op: 'gt', value: last.completedThrough }],
          [...where.eq('completedThrough', last.completedThrough), { field: 'id', op: 'gt', value: last.id }],
        )
      : [];
    const page = await ports.monitors.list(null, {
      where: [
        ...where.in('status', WATCHED_STATUSES),
        { field: 'completedThrough', op: 'lte', value: started },
        ...following,
      ],
      sort: [
        { field: 'completedThrough', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ],
      limit: pageSize,
    });
    for (const monitor of page) {
      if (seen.has(monitor.id)) continue;
      seen.add(monitor.id);
      await visit(monitor);
    }
    if (page.length < pageSize) return;
    last = page.at(-1);
  }
}
