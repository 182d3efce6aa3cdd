import test from 'ava';
import { HOSTILE } from '../support/console-seed.ts';
import {
  type ConsoleBrowser,
  consoleBrowserAvailable,
  markupRan,
  seriousViolations,
  signIn,
  startConsoleBrowser,
} from '../support/console-browser.ts';
import { screenshot } from '../support/console-shots.ts';
import { type TraceScene, traceScene } from '../support/console-trace-seed.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';

const browserTest = consoleBrowserAvailable() ? test.serial : test.skip;
const worlds = await databaseWorlds(test);
let browser: ConsoleBrowser | undefined;
const scenes = new Map<string, TraceScene>();

test.before(async () => {
  if (consoleBrowserAvailable()) browser = await startConsoleBrowser();
});
test.after.always(async () => {
  await browser?.close();
});

for (const { database, world, title } of worlds) {
  const shots = database === 'sqlite';
  const scene = async () => {
    if (!scenes.has(database)) scenes.set(database, await traceScene(world(), 10));
    return scenes.get(database)!;
  };

  browserTest(title('a dataset: its test cases, a chosen one with its revisions, kept on reload'), async (t) => {
    const { dataset, testCases, key } = await scene();
    const { url } = world();
    const tab = await browser!.tab(url);
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
    const tab = await browser!.tab(url);
    tab.expect(404, /^\/tests\//);
    await signIn(tab, url, String(stranger.owner.key), `/app/tests/${dataset.id}`);
    await tab.page.waitForSelector('.banner.error');
    t.regex((await tab.page.textContent('.banner.error')) ?? '', /not found/i);
    t.deepEqual(tab.problems, []);
  });
}
