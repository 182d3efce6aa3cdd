import test from 'ava';
import { forEachWatchedMonitor } from '../../application/monitor/watched-monitors.ts';
import { createMonitor, type Monitor } from '../../domain/monitor/monitor.ts';
import { openStorage, type StorageWorld, storageNames } from '../support/storage-worlds.ts';

/** The discovery tick's walk over the watched monitors, in small pages, on each storage. */
const started = '2026-06-01T12:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(started) + minutes * 60_000).toISOString();

for (const name of await storageNames()) {
  let world: StorageWorld;
  test.before(async () => {
    world = await openStorage(name);
  });
  test.after.always(() => world.close());

  test.serial(`[${name}] each watched monitor once, longest behind first, while the walk moves them on`, async (t) => {
    const monitors = world.storage.monitors;
    const make = (index: number, completedThrough: string, status: Monitor['status'] = 'ACTIVE') => {
      const monitor = createMonitor(
        { name: `m${index}`, productId: 'product_1', metricIds: ['metric_1'] },
        { id: `monitor_${String(index).padStart(2, '0')}`, organizationId: `org_${index % 2}`, now: at(-60) },
      );
      return { ...monitor, status, completedThrough };
    };
    // Two share one time (a tie across a page boundary); one is PAUSED; one was caught up after the tick started.
    const records = [
      make(1, at(-10)),
      make(2, at(-30)),
      make(3, at(-20)),
      make(4, at(-20)),
      make(5, at(-5), 'PAUSED'),
      make(6, at(-1), 'CAPPED'),
      make(7, at(1)),
      make(8, at(-40), 'NO_CREDITS'),
    ];
    for (const record of records) await monitors.insert(record);
    const visited: string[] = [];
    await forEachWatchedMonitor(
      world.storage,
      started,
      async (monitor) => {
        visited.push(monitor.id);
        // Half are moved on, but not past the tick's start (still behind): the walk must not offer them again.
        const current = await monitors.require(monitor.organizationId, monitor.id);
        const moved = visited.length % 2 === 0 ? at(-2) : at(2);
        await monitors.update({ ...current, completedThrough: moved });
      },
      2,
    );
    t.deepEqual(visited, ['monitor_08', 'monitor_02', 'monitor_03', 'monitor_04', 'monitor_01', 'monitor_06']);
  });
}
