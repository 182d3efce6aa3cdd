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
  const scene = sharedScene(() => traceScene(world()));

  browserTest(
    title('a session deep link: turns, evaluations, the span tree and a span in detail, kept on reload'),
    async (t) => {
      const { conversation, key } = await scene();
      const { url } = world();
      const tab = await openTab(url);
      const { page } = tab;
      await signIn(tab, url, key, `/app/sessions/${conversation.id}`);
      await page.waitForSelector('.turn');
      t.is(await page.textContent('h1'), `Session parcel chat ${HOSTILE}`);
      t.is(await page.locator('.turn').count(), 2);
      const first = page.locator('.turn').first();
      t.is(await first.locator('.turn-numbers dd').first().textContent(), '1.23 s');
      t.is(await first.locator('.turn-numbers dd').nth(1).textContent(), '120 / 30 / 150');
      t.is(await first.locator('.turn-numbers dd').nth(2).textContent(), '0.00042');
      t.is(await first.locator('.bubble.assistant pre').textContent(), `It arrives tomorrow. ${HOSTILE}`);
      t.regex(
        (await first.locator('.evaluations li').textContent()) ?? '',
        /^Correctness SUCCESS 0\.90 — Right carrier/,
      );
      t.true(((await first.locator('.evaluations li').textContent()) ?? '').endsWith(HOSTILE));
      t.regex(
        (await page.locator('section > .evaluations li').textContent()) ?? '',
        /^Politeness SUCCESS 0\.40 — Curt\.$/,
      );

      // The first turn's spans open by default: parent above children, the orphan at the root.
      await page.waitForSelector('.span-row');
      t.deepEqual(await page.$$eval('.span-row', (rows) => rows.map((row) => row.getAttribute('data-span'))), [
        'trace_root',
        'trace_model',
        'trace_tool',
        'trace_lost',
      ]);
      t.regex((await page.textContent('[data-span="trace_lost"]')) ?? '', /\(parent not found\)/);
      const [rootLeft, modelLeft] = await page.$$eval('.span-bar', (bars) =>
        bars.map((bar) => bar.getBoundingClientRect().left),
      );
      t.true(modelLeft > rootLeft, 'the child starts later on the timeline');

      await page.click('[data-span="trace_model"] .span-pick');
      await page.waitForURL(/span=trace_model/);
      t.is(await page.textContent('#span-detail-title'), 'GENERATION chat model');
      await page.getByRole('button', { name: 'Unfold messages' }).click();
      await page.getByRole('button', { name: 'Unfold 0' }).click();
      t.true(
        (await page.getByRole('region', { name: 'Input' }).textContent())?.includes(
          JSON.stringify(`Where is my parcel? ${HOSTILE}`),
        ),
      );
      if (shots) await screenshot(page, 'console-session', true);
      const output = page.getByRole('region', { name: 'Output' });
      await output.getByRole('button', { name: /^show all \(2,600 more characters\)$/ }).click();
      t.true((await output.textContent())?.includes('x'.repeat(3000)));

      await page.reload();
      await page.waitForSelector('#span-detail-title');
      t.is(
        await page.textContent('#span-detail-title'),
        'GENERATION chat model',
        'the selected span survives a reload',
      );
      await page.click('[data-span="trace_tool"] .span-pick');
      await page.waitForURL(/span=trace_tool/);
      t.is(await page.textContent('.span-error pre'), `carrier API timed out ${HOSTILE}`);

      // The second turn: "Show spans" switches the open turn.
      await page.locator('.turn').nth(1).getByRole('button', { name: 'Show spans' }).click();
      await page.waitForSelector('.turn:nth-child(2) >> text=This turn has no spans.');
      t.is(await page.locator('.span-row').count(), 0);

      t.is(await markupRan(page), null);
      t.deepEqual(await seriousViolations(page), []);
      t.deepEqual(tab.problems, []);
    },
  );

  browserTest(
    title('5,000 spans: the tree opens in a window of rows, scrolls to the last span, folds and unfolds'),
    async (t) => {
      const { big, key } = await scene();
      const { url } = world();
      const tab = await openTab(url);
      const { page } = tab;
      await signIn(tab, url, key, `/app/sessions/${big.id}`);
      await page.locator('.span-tree .table-status', { hasText: '5,000 spans · 5,000 rows open' }).waitFor();
      const drawn = await page.locator('.span-row').count();
      t.true(drawn > 10 && drawn < 60, `only the rows in view are drawn (${drawn})`);

      await page.$eval('.span-scroller', (scroller) => {
        scroller.scrollTop = scroller.scrollHeight;
      });
      await page.waitForSelector('[data-span="trace_big5000_4999"]');
      t.false(await page.isVisible('[data-span="trace_big5000_0"]'));
      await page.click('[data-span="trace_big5000_4999"] .span-pick');
      await page.waitForURL(/span=trace_big5000_4999/);
      t.is(await page.textContent('#span-detail-title'), 'GENERATION call 4999');
      await page.keyboard.press('ArrowUp');
      await page.waitForURL(/span=trace_big5000_4998/);
      await page.reload();
      await page.waitForSelector('[data-span="trace_big5000_4998"].selected');
      t.is(await page.textContent('#span-detail-title'), 'TOOL call 4998', 'a reload scrolls to the chosen span');

      await page.$eval('.span-scroller', (scroller) => {
        scroller.scrollTop = 0;
      });
      await page.getByRole('button', { name: 'Fold agent' }).click();
      await page.locator('.span-tree .table-status', { hasText: '5,000 spans · 1 row open' }).waitFor();
      await page.getByRole('button', { name: 'Unfold agent' }).click();
      await page.locator('.span-tree .table-status', { hasText: '5,000 rows open' }).waitFor();
      t.deepEqual(await seriousViolations(page), []);
      t.deepEqual(tab.problems, []);
    },
  );

  browserTest(title("another organization's session is not found, in words"), async (t) => {
    const { conversation } = await scene();
    const { url } = world();
    const stranger = await createTenant(world());
    const tab = await openTab(url);
    tab.expect(404, new RegExp(`^/sessions/${conversation.id}$`));
    await signIn(tab, url, String(stranger.owner.key), `/app/sessions/${conversation.id}`);
    await tab.page.waitForSelector('.banner.error');
    t.regex((await tab.page.textContent('.banner.error')) ?? '', /not found/i);
    t.is(await tab.page.locator('.turn').count(), 0);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title("a test session links to its test case's dataset page"), async (t) => {
    const { sessions, dataset, key } = await scene();
    const { url } = world();
    const tab = await openTab(url);
    await signIn(tab, url, key, `/app/sessions/${sessions[1].id}`);
    await tab.page.getByRole('link', { name: sessions[1].testCaseId }).click();
    await tab.page.waitForURL(new RegExp(`/app/tests/${dataset.id}\\?case=`));
    await tab.page.waitForSelector('.revision');
    t.is(await tab.page.textContent('h1'), `Dataset ${dataset.name}`);
    t.deepEqual(tab.problems, []);
  });
}
