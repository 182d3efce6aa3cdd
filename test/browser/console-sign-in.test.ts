import test from 'ava';
import { markupRan, seriousViolations, signIn } from '../support/console-browser.ts';
import { consoleScene, type ConsoleScene } from '../support/console-seed.ts';
import { consoleSuite } from '../support/console-suite.ts';
import { startWorld } from '../support/http-world.ts';
import { codeIn, startMailCatcher } from '../support/mail-catcher.ts';
import { screenshot } from '../support/console-shots.ts';

const relay = await startMailCatcher();
const PASSWORD = 'correct horse battery';
const mail = { SMTP_HOST: '127.0.0.1', SMTP_PORT: relay.port, SMTP_FROM: 'Assay <assay@test.example>' };
const { worlds, browserTest, tab: openTab } = await consoleSuite(test, mail);
test.after.always(() => relay.close());

for (const { database, world, title } of worlds) {
  let scene: ConsoleScene | undefined;
  test.serial.before(async () => {
    scene = await consoleScene(world(), 2);
  });

  browserTest(title('sign in with a key, deep link and reload, sign out forgets the key'), async (t) => {
    const origin = world().url;
    const tab = await openTab(origin);
    const { page } = tab;
    await signIn(tab, origin, scene!.key);
    await page.getByRole('link', { name: 'Support bot' }).waitFor();
    t.deepEqual(await seriousViolations(page), [], 'the products screen');
    t.is(await page.evaluate('localStorage.length'), 0, 'never in localStorage');
    t.false(page.url().includes(scene!.key), 'never in the URL');

    await page.getByRole('link', { name: 'Support bot' }).click();
    await page.waitForURL(`${origin}/app/products/${scene!.product.id}`);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    t.regex((await page.getByRole('heading', { level: 1 }).textContent()) ?? '', /Support bot|Product/);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key', { exact: true }).waitFor();
    t.is(await page.evaluate('sessionStorage.length'), 0, 'the key is forgotten');
    t.deepEqual(await seriousViolations(page), [], 'the sign-in screen');
    t.is(await markupRan(page), null);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title('e-mail and password, then the e-mailed code when the organization enforces MFA'), async (t) => {
    const origin = world().url;
    const { tenant } = scene!;
    const set = await world().admin.put(`/users/${tenant.ownerId}/password`, { password: PASSWORD });
    t.is(set.status, 204);
    t.is((await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true })).status, 200);
    const email = (await tenant.owner.get('/auth/user')).body.email as string;
    const tab = await openTab(origin);
    tab.expect(401, /^\/auth\/signIn$/);
    const { page } = tab;
    await page.goto(`${origin}/app/products/${scene!.product.id}`);
    if (database === 'sqlite') await screenshot(page, 'console-sign-in');
    await page.getByLabel('E-mail', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForSelector('.banner.error');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByLabel('Code from the e-mail').fill(codeIn(await relay.next(email)));
    t.deepEqual(await seriousViolations(page), [], 'the code step');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Support bot' }).waitFor();
    t.is(page.url(), `${origin}/app/products/${scene!.product.id}`, 'the deep link survives signing in');
    t.regex((await page.evaluate('Object.keys(sessionStorage).join()')) as string, /assay\.console\.apiKey/);
    t.deepEqual(tab.problems, []);
  });

  browserTest(title('a refused key is said in words and never kept'), async (t) => {
    const origin = world().url;
    const tab = await openTab(origin);
    tab.expect(401, /^\/auth\/user$/);
    await tab.page.goto(`${origin}/app/runs/run_unknown`);
    await tab.page.getByLabel('API key', { exact: true }).fill('assay_not-a-real-key');
    await tab.page.getByRole('button', { name: 'Continue' }).click();
    await tab.page.waitForSelector('.banner.error');
    t.regex((await tab.page.textContent('.banner.error')) ?? '', /API key was not accepted/);
    t.is(await tab.page.evaluate('sessionStorage.length'), 0);
    t.deepEqual(tab.problems, []);
  });
}

test('the shell answers every path under /app, with a strict policy and no key', async (t) => {
  const world = await startWorld('memory');
  t.teardown(() => world.close());
  const anonymous = world.admin.as(undefined);
  for (const path of [
    '/app',
    '/app/',
    '/app/runs/run_1',
    '/app/compare?base=a&head=b&threshold=0.2',
    '/app/anything',
  ]) {
    const page = await anonymous.get(path);
    t.is(page.status, 200, path);
    t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
    t.is(
      page.headers.get('content-security-policy'),
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
  }
  const references = [...String((await anonymous.get('/app')).body).matchAll(/(?:src|href)="([^"]+)"/g)].map(
    (match) => match[1],
  );
  t.deepEqual(references.sort(), ['/app/assets/console.css', '/app/assets/console.js']);
  const script = await anonymous.get('/app/assets/console.js');
  t.is(script.status, 200);
  t.regex(script.headers.get('content-type') ?? '', /javascript/);
  t.regex((await anonymous.get('/app/assets/console.css')).headers.get('content-type') ?? '', /^text\/css/);
  const missing = await anonymous.get('/app/assets/logo.png');
  t.is(missing.status, 404);
  t.is(missing.body.error, 'not_found');
});
