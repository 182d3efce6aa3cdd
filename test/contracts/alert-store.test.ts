import test from 'ava';
import { DuplicateKey } from '../../domain/errors.ts';
import { openedAlert } from '../../domain/monitor/alert.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** At most one OPEN alert per rule, on every adapter: a second opening is a DuplicateKey; a recovered one frees it. */
for (const name of await storageNames()) {
  test(`${name}: one open alert per rule`, async (t) => {
    const world = await openStorage(name);
    t.teardown(() => world.close());
    const { alerts } = world.storage;
    const now = new Date().toISOString();
    const alert = (id: string, ruleId = 'alertRule_1') =>
      openedAlert({ id, organizationId: 'organization_1', monitorId: 'monitor_1', ruleId, now }, 3);
    const first = await alerts.insert(alert('alert_1'));
    const clash = await t.throwsAsync(alerts.insert(alert('alert_2')));
    t.true(clash instanceof DuplicateKey, String(clash));
    await t.notThrowsAsync(alerts.insert(alert('alert_3', 'alertRule_2')), 'another rule opens its own');
    await alerts.update({ ...first, status: 'RECOVERED', recoveredAt: now });
    await t.notThrowsAsync(alerts.insert(alert('alert_4')), 'a new episode once the first recovered');
    const open = await alerts.list('organization_1', {
      where: [
        { field: 'ruleId', op: 'eq', value: 'alertRule_1' },
        { field: 'status', op: 'eq', value: 'OPEN' },
      ],
    });
    t.deepEqual(
      open.map((row) => row.id),
      ['alert_4'],
    );
  });
}
