/**
 * Lists at scale: two organizations on one compiled server (`dist/bootstrap/server.js`, as `npm start` runs it),
 * a small one and a big one a hundred times its size (at full size 1,000,000 spans, 100,000 sessions and inference
 * results, 1,000,000 evaluations, 100,000 test cases), seeded straight into the migrated schema. Every list request
 * (default order, each sort both ways, each filter alone, common pairs) is asked of both, alternately, and timed from
 * outside; prints p50 and p95 at each size and the ratio big/small of the p50s, then a cursor walk's deep page
 * against the first page, and offset's cost at the same depth. SQLite and PostgreSQL in turn.
 */
import { ApiClient } from '../support/api-client.ts';
import { startBenchServer } from '../support/bench-server.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from '../support/databases.ts';
import type { HttpWorld } from '../support/http-world.ts';
import { type BenchOrganization, createBenchOrganization, seedOrganizations } from './scale-organizations.ts';
import { early, LIST_REQUESTS } from './scale-requests.ts';

/** BENCH_SCALE_FACTOR shrinks (or grows) both organizations; 1 is the full size, 0.01 a quick run. */
const FACTOR = Number(process.env.BENCH_SCALE_FACTOR ?? 1);
const REPEATS = Number(process.env.BENCH_SCALE_REPEATS ?? 15);
const DATABASES = (process.env.BENCH_SCALE_DATABASES ?? 'sqlite,postgres').split(',');
/** How many `next` links the cursor walk follows into the big organization before timing the page it reached. */
const DEEP_PAGES = Number(process.env.BENCH_SCALE_DEEP_PAGES ?? 200);
/** Only the requests whose label contains this text (e.g. `/traces`). */
const ONLY = process.env.BENCH_SCALE_ONLY;
const PAGE = 50;
/** BENCH_SCALE_KEEP=true keeps the seeded databases (their URLs are printed), to look at query plans. */
const KEEP = process.env.BENCH_SCALE_KEEP === 'true';

const BIG_SESSIONS = Math.max(100, Math.round(100_000 * FACTOR));
const SMALL_SESSIONS = Math.max(1, Math.round(BIG_SESSIONS / 100));

interface Timing {
  readonly p50: number;
  readonly p95: number;
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const timing = (samples: number[]): Timing => {
  const sorted = [...samples].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p95: quantile(sorted, 0.95) };
};

/** One GET, timed until its body is read; a status other than 200 stops the benchmark (it would time an error). */
async function timedGet(url: string, key: string): Promise<{ ms: number; next: string | null }> {
  const started = performance.now();
  const answer = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const body = await answer.text();
  const ms = performance.now() - started;
  if (answer.status !== 200) throw new Error(`${url}: ${answer.status} ${body.slice(0, 300)}`);
  const link = /<([^>]+)>;\s*rel="next"/.exec(answer.headers.get('link') ?? '')?.[1];
  return { ms, next: link ? new URL(link, url).toString() : null };
}

/** The same URL `REPEATS` times for each of the urls, taking turns (so a burst of load elsewhere hits all alike). */
async function timedTurns(urls: readonly string[], key: (index: number) => string): Promise<Timing[]> {
  const samples = urls.map(() => [] as number[]);
  for (const [index, url] of urls.entries()) await timedGet(url, key(index));
  for (let round = 0; round < REPEATS; round++) {
    const order = round % 2 === 0 ? urls.map((_, index) => index) : urls.map((_, index) => urls.length - 1 - index);
    for (const index of order) samples[index].push((await timedGet(urls[index], key(index))).ms);
  }
  return samples.map(timing);
}

const ms = (value: number) => value.toFixed(1).padStart(8);
const ratioText = (ratio: number) => `${ratio.toFixed(2).padStart(6)}${ratio > 1.5 ? ' !' : '  '}`;

async function lists(base: string, small: BenchOrganization, big: BenchOrganization): Promise<number> {
  process.stdout.write(
    `${'request'.padEnd(58)} ${'small p50'.padStart(9)} ${'p95'.padStart(8)} ${'big p50'.padStart(8)} ${'p95'.padStart(8)}  ratio\n`,
  );
  let worst = 0;
  for (const request of LIST_REQUESTS) {
    if (ONLY && !request.label.includes(ONLY)) continue;
    const orgs = [small, big];
    const [atSmall, atBig] = await timedTurns(
      orgs.map((org) => base + request.path(org)),
      (index) => orgs[index].key,
    );
    const ratio = atBig.p50 / atSmall.p50;
    worst = Math.max(worst, ratio);
    process.stdout.write(
      `${request.label.padEnd(58)} ${ms(atSmall.p50)} ${ms(atSmall.p95)} ${ms(atBig.p50)} ${ms(atBig.p95)} ${ratioText(ratio)}\n`,
    );
  }
  return worst;
}

/** The walks: each list's default order, and spans that started early (the start-time window's cursor pages). */
const WALKS: readonly { label: string; query: (org: BenchOrganization) => string }[] = [
  ...['/traces', '/sessions', '/evaluations', '/testCases'].map((route) => ({ label: route, query: () => route })),
  {
    label: '/traces startTimeBefore=<early>',
    query: (org) => `/traces?startTimeBefore=${encodeURIComponent(early(org))}`,
  },
];

/** Follows `next` DEEP_PAGES times from a list's first page in the big organization; times that page, and offset. */
async function deepPages(base: string, big: BenchOrganization): Promise<void> {
  process.stdout.write(`\ncursor walk and offset, ${DEEP_PAGES} pages of ${PAGE} deep into the big organization\n`);
  for (const walk of WALKS) {
    if (ONLY && !walk.label.includes(ONLY)) continue;
    const path = walk.query(big);
    const first = `${base}${path}${path.includes('?') ? '&' : '?'}limit=${PAGE}`;
    let deep = first;
    let reached = 0;
    for (; reached < DEEP_PAGES; reached++) {
      const { next } = await timedGet(deep, big.key);
      if (!next) break;
      deep = next;
    }
    const offset = `${first}&offset=${reached * PAGE}`;
    const [atFirst, atCursor, atOffset] = await timedTurns([first, deep, offset], () => big.key);
    process.stdout.write(
      `${walk.label.padEnd(32)} first p50 ${ms(atFirst.p50)}  page ${String(reached + 1).padStart(4)} by cursor p50 ${ms(atCursor.p50)} ` +
        `(${ratioText(atCursor.p50 / atFirst.p50)})  by offset p50 ${ms(atOffset.p50)} (${(atOffset.p50 / atFirst.p50).toFixed(2)})\n`,
    );
  }
}

async function measure(name: 'sqlite' | 'postgres'): Promise<void> {
  const store: TestDatabase = await createTestDatabase(name);
  process.env.RATE_LIMIT_PER_MINUTE = '0';
  // The server made the schema and the organizations; the rows go in while it is down, and it starts again on
  // the loaded database as a deployment restarts on its data.
  const first = await startBenchServer(store.url, 'built');
  const world = { url: first.url, admin: new ApiClient(first.url, first.key) } as HttpWorld;
  const small = await createBenchOrganization(world, `s${Date.now().toString(36)}`, SMALL_SESSIONS);
  const big = await createBenchOrganization(world, `b${Date.now().toString(36)}`, BIG_SESSIONS);
  await first.stop();
  const seeding = performance.now();
  await seedOrganizations(store, [small, big]);
  const server = await startBenchServer(store.url, 'built');
  try {
    process.stdout.write(
      `\n-- ${name}: small ${SMALL_SESSIONS * 10} spans, big ${BIG_SESSIONS * 10} spans ` +
        `(${BIG_SESSIONS} sessions, results and test cases, ${BIG_SESSIONS * 10} evaluations), ` +
        `seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s; p50/p95 of ${REPEATS} in ms\n`,
    );
    const worst = await lists(server.url, small, big);
    process.stdout.write(`worst ratio ${worst.toFixed(2)}\n`);
    await deepPages(server.url, big);
  } finally {
    await server.stop();
    if (KEEP) process.stdout.write(`kept ${store.url}\n`);
    else await store.drop();
  }
}

export async function run(): Promise<void> {
  for (const name of DATABASES) {
    if (name === 'postgres' && !(await postgresAvailable())) {
      process.stdout.write('PostgreSQL: skipped (not reachable)\n');
      continue;
    }
    await measure(name as 'sqlite' | 'postgres');
  }
}
