import test from 'ava';
import type { CaughtMail } from '../support/mail-catcher.ts';
import { monitorEvaluations, monitorScene, monitorWorlds } from '../support/monitor-scene.ts';

/**
 * Alert delivery on each database: two ticks at once open one episode and send one mail (the one-open-alert index);
 * a mail the relay refuses stays owed and goes out on a later tick; the Prometheus counters count both.
 */
const { worlds, relay } = await monitorWorlds(test, { mail: true, config: { ALERT_MAIL_RETRY_SECONDS: 0 } });

/** The mail's text with quoted-printable soft line breaks joined. */
const body = (mail: CaughtMail): string => mail.raw.replace(/=\r?\n/g, '');

for (const { database, world } of worlds) {
  const useCases = () => world().platform.useCases!;
  const mailsTo = (email: string) => relay.messages.filter((message) => message.to.includes(email));

  /** A monitor with a rule that opens at 2 bad scores, and two scored sessions (0.8 each, below 0.9). */
  async function openingScene() {
    const scene = await monitorScene(world());
    const monitor = await scene.monitor({});
    const email = `oncall-${database}-${Math.random().toString(36).slice(2, 8)}@team.example`;
    const rule = await scene.tenant.member.post(`/monitors/${monitor.id}/alertRules`, {
      metricId: scene.metrics.llm.id,
      window: '1h',
      badScoreBelow: 0.9,
      countThreshold: 2,
      emails: [email],
    });
    for (const question of ['first', 'second']) await scene.session(question);
    await useCases().discoverMonitorSessions.execute();
    const evaluations = await monitorEvaluations(scene.tenant.member, monitor.id);
    return { scene, monitor, email, rule: rule.body, evaluations };
  }

  test.serial(`[${database}] two alert ticks at once open one episode and send one mail`, async (t) => {
    const { scene, monitor, email } = await openingScene();
    const ticks = await Promise.all([useCases().evaluateAlerts.execute(), useCases().evaluateAlerts.execute()]);
    t.is(ticks[0].opened + ticks[1].opened, 1, JSON.stringify(ticks));
    await relay.next(email);
    await useCases().evaluateAlerts.execute();
    t.is(mailsTo(email).length, 1);
    const alerts = await scene.tenant.member.get(`/monitors/${monitor.id}/alerts`);
    t.like(alerts.body, [{ status: 'OPEN', mailPending: false }]);
    t.is(alerts.body.length, 1);
  });

  test.serial(`[${database}] a refused alert mail is owed and sent once on a later tick`, async (t) => {
    const { scene, monitor, email, evaluations } = await openingScene();
    const { member } = scene.tenant;
    relay.refusing = true;
    try {
      t.like(await useCases().evaluateAlerts.execute(), { opened: 1 });
      t.like((await member.get(`/monitors/${monitor.id}/alerts`)).body, [{ status: 'OPEN', mailPending: true }]);
      await useCases().evaluateAlerts.execute();
      t.is(mailsTo(email).length, 0, 'the relay took nothing');
    } finally {
      relay.refusing = false;
    }
    await useCases().evaluateAlerts.execute();
    t.regex(body(await relay.next(email)), /reaching the threshold/);
    t.like((await member.get(`/monitors/${monitor.id}/alerts`)).body, [{ status: 'OPEN', mailPending: false }]);
    await useCases().evaluateAlerts.execute();
    t.is(mailsTo(email).length, 1, 'no second mail once delivered');

    relay.refusing = true;
    try {
      for (const evaluation of evaluations) t.is((await member.delete(`/evaluations/${evaluation.id}`)).status, 200);
      t.like(await useCases().evaluateAlerts.execute(), { recovered: 1 });
    } finally {
      relay.refusing = false;
    }
    t.like((await member.get(`/monitors/${monitor.id}/alerts`)).body, [{ status: 'RECOVERED', mailPending: true }]);
    await useCases().evaluateAlerts.execute();
    t.regex(body(await relay.next(email)), /has recovered/);
    await useCases().evaluateAlerts.execute();
    t.is(mailsTo(email).length, 2);
    t.like((await member.get(`/monitors/${monitor.id}/alerts`)).body, [{ status: 'RECOVERED', mailPending: false }]);
  });

  test.serial(`[${database}] Prometheus counts monitor evaluations and alerts`, async (t) => {
    const metricsUrl = await world().platform.listenMetrics?.(0);
    const scrape = async () => (await fetch(`${metricsUrl}/metrics`)).text();
    const value = (text: string, series: string) => {
      const line = text.split('\n').find((row) => row.startsWith(`${series} `));
      return line ? Number(line.slice(series.length + 1)) : 0;
    };
    const queued = 'assay_monitor_evaluations_total{outcome="queued"}';
    const scored = 'assay_monitor_evaluations_total{outcome="SUCCESS"}';
    const opened = 'assay_monitor_alerts_total{transition="opened"}';
    const before = await scrape();
    const { email } = await openingScene();
    await useCases().evaluateAlerts.execute();
    await relay.next(email);
    const after = await scrape();
    t.is(value(after, queued) - value(before, queued), 2, after);
    t.is(value(after, scored) - value(before, scored), 2, after);
    t.is(value(after, opened) - value(before, opened), 1, after);
    t.regex(after, /# TYPE assay_monitor_alerts_total counter/);
  });
}
