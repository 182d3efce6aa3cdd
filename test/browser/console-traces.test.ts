import test from 'ava';
import { HOSTILE } from '../support/console-seed.ts';
import { type ConsoleTab, markupRan, seriousViolations, signIn } from '../support/console-browser.ts';
import { screenshot } from '../support/console-shots.ts';
import { traceScene } from '../support/console-trace-seed.ts';
import { consoleSuite, sharedScene } from '../support/console-suite.ts';
import { createTenant } from '../support/http-world.ts';

const { worlds, browserTest, tab: openTab } = await consoleSuite(test);

/** The session ids the table lists, top to bottom (the rows drawn). */
const listed = (tab: ConsoleTab) =>
  tab.page.$$eval('.data-table tr.data-row', (rows) => rows.map((row) => row.getAttribute('data-key')));

/** Waits until the table says how many sessions it lists, then answers them. */
async function rowsOnceSettled(tab: ConsoleTab, total: number) {
  await tab.page.locator('.table-status', { hasText: new RegExp(`^${total} of ${total} shown$`) }).waitFor();
  return listed(tab);
}

for (const { database, world, title } of worlds) {
  const shots = database === 'sqlite';
  const scene = sharedScene(() => traceScene(world(), 60));

  browserTest(title('recent sessions newest first; each row opens its session'), async (t) => {
    const { opened, key, conversation } = await scene();
    const { url } = world();
    const tab = await openTab(url);
    await signIn(tab, url, key, '/app/traces');
    t.deepEqual(
      await rowsOnceSettled(tab, opened.length),
      [...opened].reverse().map((session) => session.id),
    );
    const row = tab.page.locator(`tr[data-key="${conversation.id}"]`);
    t.is(await row.locator('a').textContent(), `parcel chat ${HOSTILE}`);
    await row.locator('td', { hasText: 'Support bot · v2' }).waitFor();
    if (shots) await screenshot(tab.page, 'console-traces');
    await row.locator('a').click();
    await tab.page.waitForURL(new RegExp(`/app/sessions/${conversation.id}$`));
    await tab.page.waitForSelector('.turn');
    t.is(await markupRan(tab.page), null);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title('filters: product, version, production, status and time range, kept in the address'), async (t) => {
    const { opened, key, otherProduct, product, versions, sessions, conversation } = await scene();
    const { url } = world();
    const tab = await openTab(url);
    const { page } = tab;
    const byCustomId = (customId: string) => opened.find((session) => session.customId === customId).id;
    await signIn(tab, url, key, '/app/traces');
    await rowsOnceSettled(tab, opened.length);

    await page.selectOption('#filter-product', otherProduct.id);
    await page.waitForURL(new RegExp(`product=${otherProduct.id}`));
    t.deepEqual(await rowsOnceSettled(tab, 1), [byCustomId('sales failed')]);
    await page.reload();
    t.deepEqual(await rowsOnceSettled(tab, 1), [byCustomId('sales failed')], 'the filter survives a reload');
    t.is(await page.inputValue('#filter-product'), otherProduct.id);

    await page.selectOption('#filter-product', product.id);
    await page.selectOption('#filter-version', versions[1].id);
    t.deepEqual(await rowsOnceSettled(tab, 1), [conversation.id]);
    await page.selectOption('#filter-version', '');
    await page.selectOption('#filter-status', 'COMPLETED');
    t.deepEqual(await rowsOnceSettled(tab, 1), [byCustomId('support finished')]);
    await page.selectOption('#filter-status', '');
    await page.selectOption('#filter-production', 'test');
    t.deepEqual(await rowsOnceSettled(tab, 4), [
      byCustomId('support finished'),
      ...[...sessions].reverse().map((session) => session.id),
    ]);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await rowsOnceSettled(tab, opened.length);

    // A time range from the conversation's opening on: it and the sessions opened after it.
    await page.goto(`${url}/app/traces?from=${encodeURIComponent(conversation.createdAt)}&status=FAILED`);
    t.deepEqual(await rowsOnceSettled(tab, 1), [byCustomId('sales failed')]);
    t.not(await page.inputValue('#filter-from'), '');
    await page.goto(`${url}/app/traces?to=${encodeURIComponent(sessions[2].createdAt)}`);
    t.deepEqual(
      await rowsOnceSettled(tab, 3),
      [...sessions].reverse().map((session) => session.id),
    );
    t.deepEqual(await seriousViolations(page), []);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title('cursor pages: 130 sessions arrive page by page as the table scrolls'), async (t) => {
    const { url } = world();
    const tenant = await createTenant(world());
    const productId = (await tenant.owner.post('/products', { name: 'Busy bot' })).body.id;
    const versionId = (await tenant.owner.post('/versions', { productId })).body.id;
    for (let index = 0; index < 130; index++)
      await tenant.owner.post('/sessions', { versionId, customId: `chat ${index}` });
    const tab = await openTab(url);
    await signIn(tab, url, String(tenant.owner.key), '/app/traces');
    await tab.page.locator('.table-status', { hasText: /^100 of 100 shown$/ }).waitFor();
    await tab.page.$eval('.table-window', (window) => {
      window.scrollTop = window.scrollHeight;
    });
    await tab.page.locator('.table-status', { hasText: /^130 of 130 shown$/ }).waitFor();
    await tab.page.$eval('.table-window', (window) => {
      window.scrollTop = window.scrollHeight;
    });
    await tab.page.waitForSelector('a:text-is("chat 0")');
    t.deepEqual(tab.problems, []);
  });

  browserTest(title("another organization's sessions are never listed"), async (t) => {
    await scene();
    const { url } = world();
    const stranger = await createTenant(world());
    const tab = await openTab(url);
    await signIn(tab, url, String(stranger.owner.key), '/app/traces');
    await tab.page.locator('.table-status', { hasText: 'No session matches these filters.' }).waitFor();
    t.is(await tab.page.locator('tr.data-row').count(), 0);
    // Naming the other organization's product or version in the address finds nothing either.
    const { product, versions } = await scene();
    for (const search of [`product=${product.id}`, `product=${product.id}&version=${versions[0].id}`]) {
      await tab.page.goto(`${url}/app/traces?${search}`);
      await tab.page.locator('.table-status', { hasText: 'No session matches these filters.' }).waitFor();
      t.is(await tab.page.locator('tr.data-row').count(), 0, search);
    }
    t.deepEqual(tab.problems, []);
  });
}
