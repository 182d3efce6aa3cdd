import type { Page } from 'playwright-core';
import { buildConsole } from '../../adapters/http/console/build.ts';
import { launchChromium } from '../browser/chromium.ts';
import { postgresAvailable } from '../support/databases.ts';
import { createTenant, type HttpWorld, startWorld } from '../support/http-world.ts';
import { postSpans, spanForest } from '../support/console-trace-seed.ts';

/**
 * The session page with 5,000 spans in a turn against the same page with 50: the time from opening the deep link
 * (the key already in the tab's sessionStorage) until the span tree shows its first rows, in Debian's chromium,
 * on SQLite and PostgreSQL. Rounds alternate the two sessions (and which goes first); the median of each is kept and their ratio printed
 * (the console's target: within 1.5×).
 */
const ROUNDS = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 7);
const SIZES = [50, 5000] as const;
const DATABASES = (process.env.BENCH_CONSOLE_DATABASES ?? 'sqlite,postgres').split(',');

async function sessionWith(world: HttpWorld, spans: number): Promise<{ key: string; path: string }> {
  const tenant = await createTenant(world);
  const productId = (await tenant.owner.post('/products', { name: `Trips ${spans}` })).body.id;
  const versionId = (await tenant.owner.post('/versions', { productId })).body.id;
  const session = (await tenant.owner.post('/sessions', { versionId, customId: `trip ${spans}` })).body;
  const turn = (await tenant.owner.post('/inferenceResults', { sessionId: session.id, input: 'Plan', output: 'Done' }))
    .body;
  await postSpans(tenant.owner, spanForest(turn.id, spans, `bench${spans}`));
  return { key: String(tenant.owner.key), path: `/app/sessions/${session.id}` };
}

/** Milliseconds from navigation until the first span row is drawn. */
async function firstRows(page: Page, url: string): Promise<number> {
  const started = performance.now();
  await page.goto(url);
  await page.waitForSelector('.span-row');
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function run(): Promise<void> {
  await buildConsole();
  const browser = await launchChromium();
  try {
    for (const database of DATABASES) {
      if (database === 'postgres' && !(await postgresAvailable())) {
        console.log('postgres: not reachable, skipped');
        continue;
      }
      const world = await startWorld(database as 'sqlite' | 'postgres');
      try {
        const targets = await Promise.all(SIZES.map((size) => sessionWith(world, size)));
        const times: number[][] = SIZES.map(() => []);
        const pages = await Promise.all(
          targets.map(async ({ key }) => {
            const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
            await context.addInitScript(`sessionStorage.setItem('assay.console.apiKey', ${JSON.stringify(key)})`);
            return context.newPage();
          }),
        );
        for (const [index, target] of targets.entries()) await firstRows(pages[index], `${world.url}${target.path}`);
        for (let round = 0; round < ROUNDS; round++) {
          const order = round % 2 === 0 ? [0, 1] : [1, 0];
          for (const index of order)
            times[index].push(await firstRows(pages[index], `${world.url}${targets[index].path}`));
        }
        const [small, large] = times.map(median);
        console.log(
          `${database}: first span rows, median of ${ROUNDS}: ${SIZES[0]} spans ${small.toFixed(0)} ms, ` +
            `${SIZES[1]} spans ${large.toFixed(0)} ms, ratio ${(large / small).toFixed(2)}× (target ≤ 1.5×)`,
        );
      } finally {
        await world.close();
      }
    }
  } finally {
    await browser.close();
  }
}
