import test from 'ava';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { buildReviewPage } from '../../adapters/http/review/build.ts';
import { reviewPageFiles } from '../../adapters/http/review/review-page-files.ts';
import { Unavailable } from '../../domain/errors.ts';
import { useWorld } from '../support/http-world.ts';
import { reviewScene, type Person } from '../support/review-scene.ts';
import { chromiumAvailable, launchChromium } from './chromium.ts';

/** With SAVE_SCREENSHOTS=true the screenshots replace those shown in docs/human-review.md. */
const screenshots =
  process.env.SAVE_SCREENSHOTS === 'true'
    ? join(import.meta.dirname, '../../docs/images')
    : await mkdtemp(join(tmpdir(), 'assay-review-shots-'));

const browserTest = chromiumAvailable() ? test.serial : test.skip;
const world = useWorld(test, 'sqlite');
let browser: Browser | undefined;

test.before(async () => {
  await buildReviewPage();
  if (chromiumAvailable()) browser = await launchChromium();
});
test.after.always(async () => {
  await browser?.close();
});

/** What the browser reported refusing under the page's Content-Security-Policy (nothing, while the page works). */
const cspViolations: string[] = [];

/** A reviewer's own browser window (its own session storage), signed in with the key they paste. */
async function signedIn(reviewer: Person): Promise<Page> {
  const context = await browser!.newContext({ viewport: { width: 1280, height: 820 } });
  const page = await context.newPage();
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(message.text());
  });
  await page.goto(`${world().url}/review`);
  await page.fill('#api-key', reviewer.client.key!);
  await page.press('#api-key', 'Enter');
  await page.waitForSelector('#counts');
  return page;
}

const counts = (page: Page) => page.textContent('#counts');

browserTest('two reviewers: one claims, the other sees it taken; the first scores with the keyboard', async (t) => {
  const scene = await reviewScene(world(), { reviewers: 2 });
  const [ana, ben] = scene.reviewers;
  await scene.owner.client.patch(`/users/${ana.id}`, { name: 'Ana Lima' });
  await scene.owner.client.patch(`/users/${ben.id}`, { name: 'Ben Okafor' });
  const [first, second, third] = [await scene.pending(), await scene.pending(), await scene.pending()];

  const anaPage = await signedIn(ana);
  const benPage = await signedIn(ben);
  t.is(await counts(anaPage), '3 waiting');
  t.deepEqual(
    await anaPage.$$eval('.queue-item', (items) => items.map((item) => item.getAttribute('data-evaluation'))),
    [first.id, second.id, third.id],
    'oldest first',
  );
  t.is(await anaPage.textContent('.queue-item .metric'), 'Politeness');
  t.is(await anaPage.textContent('.queue-item .session'), 'conversation 1');
  t.is(await anaPage.textContent('.who'), 'Ana Lima · MEMBER');
  await anaPage.screenshot({
    path: join(screenshots, 'review-queue.png'),
    clip: { x: 0, y: 0, width: 1280, height: 340 },
  });

  // Both open the oldest evaluation; Ana claims it with the C key.
  await anaPage.keyboard.press('Enter');
  await benPage.keyboard.press('Enter');
  await anaPage.waitForSelector('#metric-name');
  await benPage.waitForSelector('#metric-name');
  t.is(await anaPage.textContent('.guideline'), scene.metric.judgePrompt);
  t.deepEqual(
    await anaPage.$$eval('.bubble.assistant', (bubbles) => bubbles.map((bubble) => bubble.lastChild?.textContent)),
    ['Hi! How can I help?', 'It arrives tomorrow.'],
  );
  await anaPage.keyboard.press('c');
  await anaPage.waitForSelector('.banner.notice');
  t.regex((await anaPage.textContent('#claim-status')) ?? '', /^Claimed by you since/);

  // Ben tries too: the API's refusal is shown in words, and his refreshed queue no longer lists it.
  await benPage.keyboard.press('c');
  await benPage.waitForSelector('.banner.error');
  const refusal = (await benPage.textContent('.banner.error')) ?? '';
  t.true(refusal.includes(`is claimed by ${ana.id} since`), refusal);
  await benPage.keyboard.press('Escape');
  await benPage.locator('#counts', { hasText: /^2 waiting$/ }).waitFor();
  t.false(
    (
      await benPage.$$eval('.queue-item', (items) => items.map((item) => item.getAttribute('data-evaluation')))
    ).includes(first.id),
  );

  // Ana scores with the keyboard: 7, a reason, Enter.
  await anaPage.keyboard.press('7');
  t.is(await anaPage.textContent('#score-value'), '0.70');
  await anaPage.fill('#reason', 'Polite, but the second answer is curt.');
  await anaPage.screenshot({ path: join(screenshots, 'review-scoring.png') });
  await anaPage.keyboard.press('Control+Enter');
  await anaPage.locator('.banner.notice', { hasText: /^Scored 0\.70/ }).waitFor();
  t.is(await anaPage.textContent('.position'), '1 of 2', 'moved on to the next evaluation');

  const stored = await scene.owner.client.get(`/evaluations/${first.id}`);
  t.like(stored.body, {
    status: 'SUCCESS',
    score: 0.7,
    reason: 'Polite, but the second answer is curt.',
    humanScore: 0.7,
    humanEvaluatorId: ana.id,
  });
  await anaPage.keyboard.press('Escape');
  await anaPage.locator('#counts', { hasText: /^2 waiting$/ }).waitFor();
  t.is((await scene.owner.client.get('/evaluations', { statuses: 'PENDING_HUMAN' })).body.length, 2, 'queue shrank');
});

browserTest('J/K move between evaluations, and a refused key is explained in words', async (t) => {
  const scene = await reviewScene(world());
  const [first, second] = [await scene.pending(), await scene.pending()];
  const page = await signedIn(scene.reviewer);
  await page.keyboard.press('j');
  await page.keyboard.press('Enter');
  await page.waitForSelector('#metric-name');
  t.is(page.url().split('#')[1], second.id);
  await page.keyboard.press('k');
  await page.waitForURL(new RegExp(`#${first.id}$`));
  t.is(await page.textContent('.position'), '1 of 2');

  const stranger = await browser!.newPage();
  await stranger.goto(`${world().url}/review`);
  await stranger.fill('#api-key', 'assay_not-a-real-key');
  await stranger.press('#api-key', 'Enter');
  await stranger.waitForSelector('.banner.error');
  t.regex((await stranger.textContent('.banner.error')) ?? '', /API key was not accepted/);
  t.is(await stranger.evaluate('sessionStorage.length'), 0, 'a refused key is not kept');
});

test('the page and its files are served without a credential, from Assay itself', async (t) => {
  const anonymous = world().admin.as(undefined);
  const page = await anonymous.get('/review');
  t.is(page.status, 200);
  t.regex(page.headers.get('content-type') ?? '', /^text\/html/);
  const references = [...String(page.body).matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
  t.deepEqual(references.sort(), ['/review/review.css', '/review/review.js']);
  const script = await anonymous.get('/review/review.js');
  t.is(script.status, 200);
  t.regex(script.headers.get('content-type') ?? '', /javascript/);
  t.false(/https?:\/\//.test(String(script.body)), 'the script loads nothing from elsewhere');
  t.regex((await anonymous.get('/review/review.css')).headers.get('content-type') ?? '', /^text\/css/);
  const missing = await anonymous.get('/review/logo.png');
  t.is(missing.status, 404);
  t.is(missing.body.error, 'not_found');
});

test('a server started without the build says how to make it (503)', async (t) => {
  const read = reviewPageFiles(join(tmpdir(), 'assay-no-review-build'));
  await t.throwsAsync(read('index.html'), {
    instanceOf: Unavailable,
    message: 'The reviewer page is not built: run npm install (or npm run build:review)',
  });
});

browserTest('the page ran under its strict Content-Security-Policy without a violation', (t) => {
  t.deepEqual(cspViolations, []);
});
