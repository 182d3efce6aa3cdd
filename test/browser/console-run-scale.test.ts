import test from 'ava';
const { worlds, browserTest, tab: openTab } = await consoleSuite(test);
import { seriousViolations, signIn } from '../support/console-browser.ts';
import { bulkRun, consoleScene } from '../support/console-seed.ts';
import { consoleSuite } from '../support/console-suite.ts';

for (const { database, world } of worlds) {
  browserTest(
    `[${database}] the evaluations table at 10,000: windowed, read by cursor pages to the last row`,
    async (t) => {
      const scene = await consoleScene(world(), 4);
      const run = await bulkRun(world(), scene, 10_000);
      const tab = await openTab(world().url);
      const { page } = tab;
      await signIn(tab, world().url, scene.key, `/app/runs/${run.id}`);
      const table = page.getByRole('region', { name: 'Evaluations' });
      const status = page.locator('.table-status').last();
      await status.filter({ hasText: /^100 of 10,000 shown$/ }).waitFor();
      t.regex(
        (await table.locator('tr.data-row').first().textContent()) ?? '',
        /endpoint timed out \(row 10000\)$/,
        'newest first',
      );

      // Scrolling down asks for the next cursor page each time the window nears the last row read.
      for (let pages = 0; pages < 40; pages++) {
        await table.evaluate((box) => {
          box.scrollTop = box.scrollHeight;
        });
        if ((await status.textContent()) === '10,000 of 10,000 shown') break;
        await page.waitForTimeout(100);
      }
      await status.filter({ hasText: /^10,000 of 10,000 shown$/ }).waitFor();
      const rendered = await table.locator('tr.data-row').count();
      t.true(rendered > 10 && rendered < 100, `only the window is in the page (${rendered} rows)`);
      t.regex((await table.locator('tr.data-row').last().textContent()) ?? '', /row 1$/, 'the oldest last');
      t.is(await table.locator('table').getAttribute('aria-rowcount'), '10001');

      await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
      await status.filter({ hasText: /^100 of 1,000 shown$/ }).waitFor();
      t.regex(
        (await table.locator('tr.data-row').first().textContent()) ?? '',
        /FAILED.*endpoint timed out \(row 10000\)$/,
      );
      await page.locator('.charts .chart canvas').nth(1).waitFor();
      t.is(await page.locator('.charts .chart canvas').count(), 2, 'a histogram per metric');
      t.deepEqual(await seriousViolations(page), []);
      t.deepEqual(tab.problems, []);
    },
  );
}
