import test from 'ava';
import { seriousViolations, signIn } from '../support/console-browser.ts';
import { screenshot } from '../support/console-shots.ts';
import { startGenerationModelServer } from '../support/generation-model-server.ts';
import { generationScene, testCasesOf } from '../support/generation-scenes.ts';
import { consoleSuite } from '../support/console-suite.ts';
import { createTenant } from '../support/http-world.ts';

// The dataset page's "Generate" form against the stand-in generation model, on both databases.
const model = await startGenerationModelServer();
const {
  worlds,
  browserTest,
  tab: openTab,
} = await consoleSuite(test, { GENERATOR_BASE_URL: model.url, GENERATOR_MODEL: 'gen-model' });

test.after.always(async () => {
  await model.close();
});

for (const { database, world, title } of worlds) {
  browserTest(
    title('RED_TEAMING from the form: progress to done, a second job refused (409) in words, the rows'),
    async (t) => {
      model.reset();
      const tenant = await createTenant(world());
      const { dataset } = await generationScene(tenant, 'RED_TEAMING');
      const { url } = world();
      const tab = await openTab(url);
      tab.expect(409, new RegExp(`^/tests/${dataset.id}/generate$`));
      const { page } = tab;
      await signIn(tab, url, String(tenant.owner.key), `/app/tests/${dataset.id}`);
      await page.getByText('Generate test cases').click();
      t.is(await page.getByLabel('Kind').inputValue(), 'RED_TEAMING', "the dataset's type is chosen");
      await page.getByLabel('How many test cases').fill('6');
      await page.getByLabel('Threat').selectOption('data_leakage');
      await page.getByLabel('base64').check();
      await page.getByLabel('role play').check();

      const release = model.hold();
      await page.getByRole('button', { name: 'Generate' }).click();
      const status = page.locator('.generation-job');
      await status.locator('.status', { hasText: /^(queued|active)$/ }).waitFor();
      t.is(await status.getByRole('button', { name: 'Cancel' }).count(), 1, 'an open job can be cancelled');
      t.is(await page.locator('.job-progress').textContent(), '0 of 6 written');

      await page.getByRole('button', { name: 'Generate' }).click();
      const refused = page.locator('.generate-form .banner.error');
      await refused.waitFor();
      t.regex((await refused.textContent()) ?? '', /queued or active|already|open/i);
      if (database === 'sqlite') await screenshot(page, 'console-generate-running', true);

      release();
      await page.locator('.job-outcome', { hasText: 'Completed: 6 test cases written.' }).waitFor();
      t.is(await page.locator('.job-progress').textContent(), '6 of 6 written');
      t.is(await status.getByRole('button', { name: 'Cancel' }).count(), 0);
      await page.locator('.table-status', { hasText: /^6 of 6 shown$/ }).waitFor();
      const rows = await page.$$eval('tr.data-row', (trs) =>
        trs.map((row) => [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? '')),
      );
      const headers = await page.$$eval('.data-table th', (ths) => ths.map((th) => th.textContent ?? ''));
      const column = (name: string) => rows.map((row) => row[headers.indexOf(name)]);
      t.deepEqual(column('Strategy').sort(), ['base64', 'base64', 'original', 'original', 'role_play', 'role_play']);
      t.deepEqual(new Set(column('Variant')), new Set(['data_leakage']));
      t.deepEqual(new Set(column('Source')), new Set(['generated']));
      t.is((await testCasesOf(tenant.owner, dataset.id)).length, 6);
      if (database === 'sqlite') await screenshot(page, 'console-generate', true);

      t.deepEqual(await seriousViolations(page), []);
      t.deepEqual(tab.problems, []);
    },
  );
}
