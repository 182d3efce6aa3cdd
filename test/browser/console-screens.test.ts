import test from 'ava';
const { worlds, browserTest, tab: openTab } = await consoleSuite(test);
import { type ConsoleTab, markupRan, seriousViolations, signIn } from '../support/console-browser.ts';
import { consoleScene, type ConsoleScene, failedSession, HOSTILE, scoredRun } from '../support/console-seed.ts';
import { screenshot } from '../support/console-shots.ts';
import { consoleSuite, rowsOf } from '../support/console-suite.ts';
import { createTenant } from '../support/http-world.ts';

/** Older runs for the trend, then the base and the head the comparison reads (six test cases, two metrics). */
async function runs(scene: ConsoleScene) {
  for (const [index, level] of [0.5, 0.6, 0.7].entries())
    await scoredRun(scene, { Correctness: [level, level, level], Politeness: [0.9, 0.9, 0.9] }, `nightly-${index + 1}`);
  const base = await scoredRun(
    scene,
    { Correctness: [0.9, 0.8, 0.7, 0.6, 0.5, 0.4], Politeness: [1, 1, 1, 1, 1, null] },
    'base',
  );
  const head = await scoredRun(
    scene,
    { Correctness: [0.5, 0.85, 0.95, 0.62, 0.5, null], Politeness: [1, 0.7, 1, 1, 1, 0.8] },
    'head',
  );
  return { base, head };
}

for (const { database, world, title } of worlds) {
  let scene: ConsoleScene | undefined;
  let made: Awaited<ReturnType<typeof runs>> | undefined;
  test.serial.before(async () => {
    scene = await consoleScene(world());
    made = await runs(scene);
    await failedSession(world(), scene, made.base.id, `the product's endpoint answered 502 ${HOSTILE}`);
  });
  const shots = database === 'sqlite';

  async function opened(path: string): Promise<ConsoleTab> {
    const tab = await openTab(world().url);
    await signIn(tab, world().url, scene!.key, path);
    return tab;
  }

  /** What every screen owes: no serious accessibility violation, no stored markup run, nothing failed. */
  async function clean(
    t: { deepEqual(a: unknown, b: unknown, m?: string): void; is(a: unknown, b: unknown, m?: string): void },
    tab: ConsoleTab,
    screen: string,
  ) {
    t.deepEqual(await seriousViolations(tab.page), [], `axe on ${screen}`);
    t.is(await markupRan(tab.page), null, `markup ran on ${screen}`);
    t.is(await tab.page.locator('main img, main script').count(), 0, `stored markup became elements on ${screen}`);
    t.deepEqual(tab.problems, [], `problems on ${screen}`);
  }

  browserTest(title('products and a product page: versions, runs with means, the trend chart'), async (t) => {
    const tab = await opened('/app');
    const { page } = tab;
    await page.getByRole('link', { name: 'Support bot' }).waitFor();
    if (shots) await screenshot(page, 'console-products');
    await clean(t, tab, 'products');
    await page.getByRole('link', { name: 'Support bot' }).click();
    await page.locator('.chart canvas').first().waitFor();
    await page.getByRole('region', { name: 'Runs', exact: true }).locator('tr.data-row').nth(4).waitFor();
    t.is(await page.locator('.subtitle').textContent(), `Answers customers ${HOSTILE}`, 'markup shown as text');
    t.deepEqual(
      (await rowsOf(tab, 'Versions')).map((row) => row.split(' | ').slice(0, 2).join(' ')),
      ['v2 v2', 'v1 v1'],
    );
    await page.getByRole('region', { name: 'Runs', exact: true }).getByText('0.68').waitFor();
    const runsRows = await rowsOf(tab, 'Runs');
    t.is(runsRows.length, 5);
    t.regex(runsRows[0], /^#5 \| head \| COMPLETED \| 11 \| .* \| 0\.68 \| 0\.92$/);
    t.regex(runsRows[4], /^#1 \| nightly-1 \| COMPLETED \| 6 \| .* \| 0\.50 \| 0\.90$/);
    t.is(await page.getByRole('img', { name: 'Mean score per metric over the last 5 runs' }).count(), 1);
    if (shots) await screenshot(page, 'console-product', true);
    await clean(t, tab, 'the product page');
  });

  browserTest(title('a run: facts, launches, metrics, histograms; filters and sort kept in the address'), async (t) => {
    const tab = await opened(`/app/runs/${made!.base.id}`);
    const { page } = tab;
    await page.getByRole('heading', { name: 'Run #4 · base' }).waitFor();
    await page.getByRole('region', { name: 'Evaluations' }).locator('tr.data-row').nth(10).waitFor();
    t.deepEqual(
      (await rowsOf(tab, 'Metrics')).map((row) => row.split(' | ').slice(0, 6).join(' ')),
      ['Correctness 0.65 0.40 0.90 100% 6', 'Politeness 1.00 1.00 1.00 100% 5'],
    );
    const { body: run } = await scene!.tenant.owner.get(`/runs/${made!.base.id}`);
    t.true(run.cost > 0, 'the seeded turns carry a cost');
    t.is(await page.locator('.facts div', { hasText: 'Cost' }).locator('dd').textContent(), `$${run.cost.toFixed(4)}`);
    t.is(
      await page.locator('.facts div', { hasText: 'Input tokens' }).locator('dd').textContent(),
      run.inputTokens.toLocaleString('en'),
    );
    await page.locator('.charts .chart canvas').nth(1).waitFor();
    t.is(await page.locator('.charts .chart canvas').count(), 2, 'a histogram per metric');
    t.is(await page.locator('.launches li').count(), 5, 'the first launches');
    await page.locator('.failed-sessions li').waitFor();
    t.regex(
      (await page.locator('.failed-sessions li').textContent()) ?? '',
      /: the product's endpoint answered 502 <img/,
    );
    await page.getByRole('button', { name: 'show all 11 launches' }).click();
    t.is(await page.locator('.launches li').count(), 11, 'one launch per scored request');
    await page
      .getByRole('region', { name: 'Evaluations' })
      .getByText(/^Question 1:/)
      .first()
      .waitFor();
    const first = await rowsOf(tab, 'Evaluations');
    t.is(first.length, 11);
    t.true(
      first.every((row) => row.includes('Question') && row.includes('<img src=x')),
      'inputs shown as text',
    );

    await page.getByLabel('Metric', { exact: true }).selectOption({ label: 'Correctness' });
    await page.getByLabel('Order', { exact: true }).selectOption({ label: 'Score, lowest first' });
    await page.waitForURL(/sort=score-asc/);
    // The filtered table replaces the first one (11 rows, which may show 0.40 too): wait for its six rows.
    const evaluationRows = page.getByRole('region', { name: 'Evaluations' }).locator('tr.data-row');
    await evaluationRows.nth(6).waitFor({ state: 'detached' });
    await evaluationRows.nth(5).waitFor();
    await evaluationRows.first().filter({ hasText: '0.40' }).waitFor();
    const sorted = await rowsOf(tab, 'Evaluations');
    t.deepEqual(
      sorted.map((row) => row.split(' | ')[4]),
      ['0.40', '0.50', '0.60', '0.70', '0.80', '0.90'],
    );
    await page.reload();
    await page.getByRole('region', { name: 'Evaluations' }).locator('tr.data-row').nth(5).waitFor();
    t.deepEqual(
      (await rowsOf(tab, 'Evaluations')).map((row) => row.split(' | ')[4]),
      sorted.map((row) => row.split(' | ')[4]),
    );
    t.is(await page.getByLabel('Metric', { exact: true }).inputValue(), scene!.metrics.Correctness.id);
    await page.getByLabel('Status', { exact: true }).selectOption('FAILED');
    await page.getByText('No evaluation matches these filters.').waitFor();
    await page.getByLabel('Status', { exact: true }).selectOption('');
    if (shots) await screenshot(page, 'console-run', true);
    await clean(t, tab, 'the run page');
  });

  browserTest(title('compare two runs: regressions first, threshold, reached from "Compare with…"'), async (t) => {
    const tab = await opened(`/app/runs/${made!.head.id}`);
    const { page } = tab;
    await page.getByLabel('Compare with…').selectOption({ label: '#4 base (COMPLETED)' });
    await page.getByRole('button', { name: 'Compare' }).click();
    await page.waitForURL(`${world().url}/app/compare?base=${made!.base.id}&head=${made!.head.id}`);
    await page.getByRole('region', { name: 'Per test case' }).locator('tr.data-row').nth(8).waitFor();
    t.is(
      await page.locator('#change-counts').textContent(),
      '2 regressions · 1 improvement · 7 unchanged · 2 in one run only',
    );
    await page
      .getByRole('region', { name: 'Per test case' })
      .getByText(/^Question 1:/)
      .first()
      .waitFor();
    const rows = (await rowsOf(tab, 'Per test case')).map((row) => row.split(' | '));
    t.deepEqual(rows.map((row) => [row[0], row[2], row[5]]).slice(0, 3), [
      ['Regression', 'Correctness', '-0.40'],
      ['Regression', 'Politeness', '-0.30'],
      ['Improvement', 'Correctness', '+0.25'],
    ]);
    t.true(rows[0][1].startsWith('Question 1: where is order 1000? <img src=x'));
    t.deepEqual(
      rows.slice(-2).map((row) => row[0]),
      ['Only in base', 'Only in head'],
    );
    t.deepEqual(
      (await rowsOf(tab, 'Per metric')).map((row) => row.split(' | ')),
      [
        ['Correctness', '0.65', '0.68', '+0.03'],
        ['Politeness', '1.00', '0.92', '-0.08'],
      ],
    );
    t.is(await page.getByRole('img', { name: /Difference per test case/ }).count(), 1);
    if (shots) await screenshot(page, 'console-compare', true);

    await page.getByRole('spinbutton', { name: /Threshold/ }).fill('0.35');
    await page.getByRole('spinbutton', { name: /Threshold/ }).press('Enter');
    await page.waitForURL(/threshold=0\.35/);
    await page.reload();
    await page.getByRole('region', { name: 'Per test case' }).locator('tr.data-row').nth(8).waitFor();
    t.is(
      await page.locator('#change-counts').textContent(),
      '1 regression · 0 improvements · 9 unchanged · 2 in one run only',
    );
    await clean(t, tab, 'the comparison');
  });

  browserTest(title("another organization's run and product are not found, said in words"), async (t) => {
    const stranger = await createTenant(world());
    const tab = await openTab(world().url);
    tab.expect(404, /^\/(runs|products)\//);
    await signIn(tab, world().url, String(stranger.owner.key), `/app/runs/${made!.base.id}`);
    await tab.page.locator('.banner.error', { hasText: /not found/i }).waitFor();
    t.false((await tab.page.locator('main').textContent())?.includes('base'));
    await tab.page.goto(`${world().url}/app/products/${scene!.product.id}`);
    await tab.page.locator('.banner.error', { hasText: /not found/i }).waitFor();
    t.false((await tab.page.locator('main').textContent())?.includes('Support bot'));
    t.deepEqual(tab.problems, []);
  });
}
