import type { Page } from 'playwright-core';
import { type ConsoleTab, signIn, startConsoleBrowser } from '../support/console-browser.ts';
import { bulkRun, consoleScene, type ConsoleScene } from '../support/console-seed.ts';
import { startWorld, type HttpWorld, type WorldKind } from '../support/http-world.ts';

/**
 * The console in chromium: how long a screen takes to become usable with a large record against a small one, on a
 * real server (SQLite by default; BENCH_CONSOLE_DATABASE=postgres). Each part opens its page ROUNDS times per size,
 * alternating the sizes, and keeps the median; the figure that matters is the ratio (large / small), which the
 * console keeps within 1.5.
 */
const DATABASE = (process.env.BENCH_CONSOLE_DATABASE ?? 'sqlite') as WorldKind;
const ROUNDS = Number(process.env.BENCH_CONSOLE_ROUNDS ?? 7);

/** One screen measured at a small and a large size: how to make each, and when the screen counts as usable. */
interface Part {
  readonly name: string;
  readonly sizes: readonly [small: number, large: number];
  /** Seeds a record of that size; answers the console path that shows it. */
  seed(world: HttpWorld, scene: ConsoleScene, size: number): Promise<string>;
  /** Waits until the screen is usable. */
  usable(page: Page): Promise<void>;
}

const PARTS: readonly Part[] = [
  {
    name: 'run page: evaluations table shows its first rows',
    sizes: [100, 10_000],
    seed: async (world, scene, size) => `/app/runs/${(await bulkRun(world, scene, size)).id}`,
    usable: (page) => page.getByRole('region', { name: 'Evaluations' }).locator('tr.data-row').first().waitFor(),
  },
  // The session page (a span tree of 5,000 spans against 50) is measured here, as a Part of its own.
];

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(tab: ConsoleTab, origin: string, path: string, part: Part): Promise<number> {
  const started = performance.now();
  await tab.page.goto(`${origin}${path}`);
  await part.usable(tab.page);
  return performance.now() - started;
}

export async function run(): Promise<void> {
  const world = await startWorld(DATABASE);
  const browser = await startConsoleBrowser();
  try {
    const scene = await consoleScene(world, 10);
    const tab = await browser.tab(world.url);
    await signIn(tab, world.url, scene.key);
    for (const part of PARTS) {
      const paths = [await part.seed(world, scene, part.sizes[0]), await part.seed(world, scene, part.sizes[1])];
      for (const path of paths) await measure(tab, world.url, path, part); // warm the server and the browser
      const times: [number[], number[]] = [[], []];
      for (let round = 0; round < ROUNDS; round++)
        for (const index of [0, 1] as const) times[index].push(await measure(tab, world.url, paths[index], part));
      const [small, large] = times.map(median);
      console.log(`${part.name} (${DATABASE}, median of ${ROUNDS})`);
      console.log(`  ${part.sizes[0].toLocaleString('en')}: ${small.toFixed(0)} ms`);
      console.log(`  ${part.sizes[1].toLocaleString('en')}: ${large.toFixed(0)} ms`);
      console.log(`  ratio: ${(large / small).toFixed(2)} (the console keeps it within 1.5)`);
    }
    if (tab.problems.length > 0) console.log(`problems in the page: ${tab.problems.join('; ')}`);
  } finally {
    await browser.close();
    await world.close();
  }
}
