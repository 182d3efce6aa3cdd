import test from 'ava';
import { createTenant } from '../support/http-world.ts';
import { monitorEvaluations, monitorScene, monitorWorlds } from '../support/monitor-scene.ts';

/** The mail as read: quoted-printable body and encoded-word subject decoded. */
const readable = (raw: string): string =>
  raw
    .replace(/\?=\s+=\?UTF-8\?Q\?/g, '')
    .replace(/=\?UTF-8\?Q\?(.*?)\?=/g, (_, text: string) => text.replace(/_/g, ' '))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

/** Alert rules over HTTP on each database: one mail when an alert opens, none while open, one when it recovers. */
const { worlds, relay } = await monitorWorlds(test, {
  mail: true,
  config: { ASSAY_PUBLIC_URL: 'https://assay.example' },
});

for (const { database, world } of worlds) {
  const useCases = () => world().platform.useCases!;

  test.serial(
    `[${database}] an alert opens and recovers, each mailed once; rules and episodes are listed`,
    async (t) => {
      const scene = await monitorScene(world());
      const { member } = scene.tenant;
      const monitor = await scene.monitor({});
      const email = `oncall-${database}-${Date.now()}@team.example`;
      const rule = {
        metricId: scene.metrics.llm.id,
        window: '1h',
        badScoreBelow: 0.9,
        countThreshold: 2,
        emails: [email],
      };
      t.is((await member.post(`/monitors/${monitor.id}/alertRules`, { ...rule, window: '2h' })).status, 400);
      t.is((await member.post(`/monitors/${monitor.id}/alertRules`, { ...rule, badScoreBelow: 1.5 })).status, 400);
      t.is((await member.post(`/monitors/${monitor.id}/alertRules`, { ...rule, emails: [] })).status, 400);
      t.is(
        (await member.post(`/monitors/${monitor.id}/alertRules`, { ...rule, metricId: scene.metrics.garbage.id }))
          .status,
        400,
      );
      const created = await member.post(`/monitors/${monitor.id}/alertRules`, rule);
      t.is(created.status, 201);
      t.regex(created.body.id, /^alertRule_/);
      const stranger = await createTenant(world());
      t.is((await stranger.owner.get(`/monitors/${monitor.id}/alertRules`)).status, 404);
      t.is(
        (await stranger.owner.patch(`/monitors/${monitor.id}/alertRules/${created.body.id}`, { countThreshold: 3 }))
          .status,
        404,
      );

      for (const question of ['first', 'second']) await scene.session(question);
      await useCases().discoverMonitorSessions.execute();
      const evaluations = await monitorEvaluations(member, monitor.id);
      t.is(evaluations.length, 2, 'each scored 0.8, below 0.9');
      await useCases().evaluateAlerts.execute();
      const opened = readable((await relay.next(email)).raw);
      t.true(opened.includes(`Monitor "${monitor.name}", metric "${scene.metrics.llm.name}": alert opened`), opened);
      t.regex(opened, /Count: 2/);
      t.regex(opened, /Window: 1h/);
      t.regex(opened, /Threshold: 2/);
      t.true(opened.includes(`https://assay.example/app/monitors/${monitor.id}`));
      await useCases().evaluateAlerts.execute();
      t.is(relay.messages.filter((message) => message.to.includes(email)).length, 1, 'no second mail while open');
      let alerts = await member.get(`/monitors/${monitor.id}/alerts`);
      t.like(alerts.body, [{ ruleId: created.body.id, status: 'OPEN', recoveredAt: null, peakCount: 2 }]);

      for (const evaluation of evaluations) t.is((await member.delete(`/evaluations/${evaluation.id}`)).status, 200);
      await useCases().evaluateAlerts.execute();
      t.regex(readable((await relay.next(email)).raw), /Subject: .*alert recovered/);
      alerts = await member.get(`/monitors/${monitor.id}/alerts`);
      t.is(alerts.body.length, 1);
      t.is(alerts.body[0].status, 'RECOVERED');
      t.truthy(alerts.body[0].recoveredAt);
      const rules = await member.get(`/monitors/${monitor.id}/alertRules`);
      t.deepEqual(
        rules.body.map((row: { id: string }) => row.id),
        [created.body.id],
      );
      const patched = await member.patch(`/monitors/${monitor.id}/alertRules/${created.body.id}`, {
        countThreshold: 5,
      });
      t.is(patched.body.countThreshold, 5);
      t.is((await member.delete(`/monitors/${monitor.id}/alertRules/${created.body.id}`)).status, 200);
      t.deepEqual((await member.get(`/monitors/${monitor.id}/alertRules`)).body, []);
    },
  );
}
