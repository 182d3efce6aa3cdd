import test from 'ava';
import { HOSTILE } from '../support/console-seed.ts';
import { markupRan, seriousViolations, signIn } from '../support/console-browser.ts';
import { screenshot } from '../support/console-shots.ts';
import { traceScene } from '../support/console-trace-seed.ts';
import { consoleSuite, sharedScene } from '../support/console-suite.ts';
import { createTenant } from '../support/http-world.ts';

const { worlds, browserTest, tab: openTab } = await consoleSuite(test);

for (const { database, world, title } of worlds) {
  const shots = database === 'sqlite';
  const scene = sharedScene(() => traceScene(world(), 10));

  browserTest(title('a dataset: its test cases, a chosen one with its revisions, kept on reload'), async (t) => {
    const { dataset, testCases, key } = await scene();
    const { url } = world();
    const tab = await openTab(url);
    const { page } = tab;
    await signIn(tab, url, key, `/app/tests/${dataset.id}`);
    await page.locator('.table-status', { hasText: /^3 of 3 shown$/ }).waitFor();
    t.is(await page.textContent('h1'), `Dataset ${dataset.name}`);
    const cells = await page.$$eval('tr.data-row', (rows) =>
      rows.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent)),
    );
    t.is(cells.length, 3);
    // Oldest first: the edited test case's new revision comes last.
    t.true(cells[2][0]!.startsWith('Question 1: where is order 1000? <img src=x'), cells[2][0]!);
    t.deepEqual(cells[2].slice(2, 5), ['fr-CA', 'polite', 'current (edited)']);
    t.deepEqual(cells[0].slice(1, 5), ['It ships on day 2.', '—', '—', 'current']);

    await page.locator('tr.data-row').last().getByRole('button').click();
    await page.waitForURL(/case=testCase_/);
    await page.waitForSelector('.revision');
    t.is(await page.locator('.revision').count(), 2);
    const [newest, oldest] = await page.$$eval('.revision', (items) => items.map((item) => item.textContent ?? ''));
    t.regex(newest, /Revision 2 · current/);
    t.regex(newest, /changed expectedOutput, languageCode, variant/);
    t.true(newest.includes(`It ships on Monday. ${HOSTILE}`));
    t.regex(oldest, /Revision 1 · replaced/);
    t.true(oldest.includes(testCases[0].id));
    t.true(oldest.includes('It ships on day 1.'));
    await page.reload();
    await page.waitForSelector('.revision');
    t.is(await page.locator('.revision').count(), 2, 'the chosen test case survives a reload');
    if (shots) await screenshot(page, 'console-dataset', true);

    await page.check('#every-revision');
    await page.locator('.table-status', { hasText: /^4 of 4 shown$/ }).waitFor();
    t.is(await page.locator('tr.data-row', { hasText: 'earlier' }).count(), 1);
    t.is(await markupRan(page), null);
    t.deepEqual(await seriousViolations(page), []);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title("another organization's dataset is not found, in words"), async (t) => {
    const { dataset } = await scene();
    const { url } = world();
    const stranger = await createTenant(world());
    const tab = await openTab(url);
    tab.expect(404, /^\/tests\//);
    await signIn(tab, url, String(stranger.owner.key), `/app/tests/${dataset.id}`);
    await tab.page.waitForSelector('.banner.error');
    t.regex((await tab.page.textContent('.banner.error')) ?? '', /not found/i);
    t.deepEqual(tab.problems, []);
  });
}
