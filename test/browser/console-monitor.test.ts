import test from 'ava';
import { markupRan, seriousViolations, signIn } from '../support/console-browser.ts';
import { HOSTILE } from '../support/console-seed.ts';
import { screenshot } from '../support/console-shots.ts';
import { consoleSuite, rowsOf } from '../support/console-suite.ts';
import { createTenant } from '../support/http-world.ts';
import { startFakeModel } from '../support/fake-model.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { monitorEvaluations, monitorScene, monitorSettings, relaySettings } from '../support/monitor-scene.ts';

/** The console's monitor page on each database: facts, the hourly chart, evaluations, rules and episodes. */
const model = await startFakeModel();
const relay = await startMailCatcher();
const {
  worlds,
  browserTest,
  tab: openTab,
} = await consoleSuite(test, { ...monitorSettings(model.url), ...relaySettings(relay) });
test.after.always(async () => {
  await model.close();
  await relay.close();
});

for (const { database, world } of worlds) {
  browserTest(
    `[${database}] a monitor page from its product: facts, chart, evaluations, rules, episodes`,
    async (t) => {
      const scene = await monitorScene(world());
      const { owner, member } = scene.tenant;
      const monitor = await scene.monitor({ name: `Watch ${HOSTILE}`, monthlyCreditCap: 500 });
      const email = `oncall-${database}@team.example`;
      await member.post(`/monitors/${monitor.id}/alertRules`, {
        metricId: scene.metrics.llm.id,
        window: '1h',
        badScoreBelow: 0.9,
        countThreshold: 2,
        emails: [email],
      });
      const sessions = [];
      for (const question of ['first', 'second', 'third']) sessions.push(await scene.session(question));
      await world().platform.useCases!.discoverMonitorSessions.execute();
      await monitorEvaluations(member, monitor.id);
      await world().platform.useCases!.evaluateAlerts.execute();
      await relay.next(email);
      const stored = (await member.get(`/monitors/${monitor.id}`)).body;

      const tab = await openTab(world().url);
      const { page } = tab;
      await signIn(tab, world().url, String(owner.key), `/app/products/${scene.product.id}`);
      const link = page.getByRole('region', { name: 'Monitors', exact: true }).getByRole('link');
      await link.waitFor();
      t.is(await link.textContent(), `Watch ${HOSTILE}`, 'the name shown as text');
      await link.click();
      await page.getByRole('heading', { name: `Monitor · Watch ${HOSTILE}` }).waitFor();
      await page.locator('.chart canvas').first().waitFor();
      await page
        .getByRole('region', { name: 'Latest evaluations', exact: true })
        .locator('tr.data-row')
        .nth(2)
        .waitFor();
      await page.getByRole('region', { name: 'Alerts', exact: true }).locator('tr.data-row').first().waitFor();

      const facts = Object.fromEntries(
        await page
          .locator('dl.facts > div')
          .evaluateAll((items) =>
            items.map((item) => [item.querySelector('dt')?.textContent, item.querySelector('dd')?.textContent]),
          ),
      );
      const used = stored.creditsUsedThisMonth;
      t.true(used > 0);
      t.like(facts, {
        Status: 'ACTIVE',
        Reason: '—',
        Sampling: '100% of ready sessions',
        'Credits this month': `${used} of 500 (${Math.round((used / 500) * 1000) / 10}%)`,
        Evaluations: '3',
      });
      t.is(await page.getByRole('img', { name: /Mean score per hour, per metric, over the last 7 days/ }).count(), 1);
      t.is(await page.locator('.legend li').textContent(), scene.metrics.llm.name);

      const evaluations = await rowsOf(tab, 'Latest evaluations');
      t.is(evaluations.length, 3);
      for (const row of evaluations)
        t.regex(row, new RegExp(`^session_\\w+ \\| ${scene.metrics.llm.name} \\| SUCCESS \\| 0\\.80 \\|`));
      const hrefs = await page
        .getByRole('region', { name: 'Latest evaluations', exact: true })
        .getByRole('link')
        .evaluateAll((links) => links.map((anchor) => anchor.getAttribute('href')));
      t.deepEqual([...hrefs].sort(), sessions.map((id) => `/app/sessions/${id}`).sort());
      t.deepEqual(await rowsOf(tab, 'Alert rules'), [`${scene.metrics.llm.name} | 1h | 0.90 | 2 | ${email}`]);
      const episodes = await rowsOf(tab, 'Alerts');
      t.is(episodes.length, 1);
      t.regex(
        episodes[0],
        new RegExp(`^${scene.metrics.llm.name} · 1h · below 0\\.90 \\| OPEN \\| .+ \\| — \\| 3 \\| sent$`),
      );

      if (database === 'sqlite') await screenshot(page, 'console-monitor', true);
      t.deepEqual(await seriousViolations(page), [], 'axe');
      t.is(await markupRan(page), null, 'stored markup ran');
      t.is(await page.locator('main img, main script').count(), 0, 'stored markup became elements');
      t.deepEqual(tab.problems, []);

      const stranger = await createTenant(world());
      const theirs = await openTab(world().url);
      theirs.expect(404, new RegExp(`^/monitors/${monitor.id}$`));
      await signIn(theirs, world().url, String(stranger.owner.key), `/app/monitors/${monitor.id}`);
      await theirs.page.getByRole('alert').waitFor();
      t.regex((await theirs.page.getByRole('alert').textContent()) ?? '', /not found/i);
      t.false(((await theirs.page.locator('main').textContent()) ?? '').includes('Watch'), 'nothing of it shown');
      t.deepEqual(theirs.problems, []);
    },
  );
}
