import { createPlatform, type Platform } from '../../bootstrap/library.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ApiClient } from '../support/api-client.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { DAYS, placeFor, seedTurns } from './usage-bench-seed.ts';

/**
 * Usage at scale: `GET /usage` over a 30-day range for an organization with 1,000,000 inference results and one with
 * 10,000 (seeded in bulk SQL, with the rollups those writes would have grown), each groupBy in turn, on SQLite and
 * PostgreSQL. Requests alternate between the two organizations; prints p50 and p95 per size and the ratio of the
 * large organization's figures to the small one's (the goal: at most 1.5). BENCH_USAGE_FACTOR scales both sizes
 * (0.01: 10,000 and 100); BENCH_USAGE_SAMPLES sets the requests per size and grouping; BENCH_USAGE_DATABASES picks
 * the databases (sqlite,postgres).
 */
const FACTOR = Number(process.env.BENCH_USAGE_FACTOR ?? 1);
const SAMPLES = Number(process.env.BENCH_USAGE_SAMPLES ?? 100);
const LARGE = Math.round(1_000_000 * FACTOR);
const SMALL = Math.max(1, Math.round(10_000 * FACTOR));
const GROUPINGS = ['day', 'version', 'model', 'day,version', 'day,model', 'version,model'];
const DAY_MS = 86_400_000;
const DATABASES = (process.env.BENCH_USAGE_DATABASES ?? 'sqlite,postgres').split(',');

const percentile = (sorted: readonly number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

interface Tenant {
  readonly label: string;
  readonly key: string;
}

/** One request's wall time in milliseconds; answers its lines' summed turn count. */
async function timed(url: string, key: string, samples: number[]): Promise<number> {
  const started = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${key}` } });
  const lines = (await response.json()) as { inferenceResultCount: number }[];
  samples.push(performance.now() - started);
  if (response.status !== 200) throw new Error(`${response.status} ${JSON.stringify(lines)}`);
  return lines.reduce((sum, line) => sum + line.inferenceResultCount, 0);
}

/** p50 and p95 of each organization for a query, requests alternating between them after a warm-up. */
async function measure(base: string, query: string, tenants: readonly Tenant[], samples = SAMPLES) {
  const times = tenants.map(() => [] as number[]);
  const counted = tenants.map(() => 0);
  for (let warm = 0; warm < 3; warm++)
    for (const tenant of tenants) await timed(`${base}/usage?${query}`, tenant.key, []);
  for (let round = 0; round < samples; round++)
    for (const [index, tenant] of tenants.entries())
      counted[index] = await timed(`${base}/usage?${query}`, tenant.key, times[index]);
  return tenants.map((tenant, index) => {
    const sorted = [...times[index]].sort((a, b) => a - b);
    return {
      label: tenant.label,
      p50: percentile(sorted, 0.5),
      p95: percentile(sorted, 0.95),
      counted: counted[index],
    };
  });
}

async function onDatabase(name: 'sqlite' | 'postgres'): Promise<void> {
  const store = await createTestDatabase(name);
  let platform: Platform | undefined;
  const handle = openDatabase(store.url);
  try {
    platform = await createPlatform({ database: store.url, config: { RATE_LIMIT_PER_MINUTE: 0, LOG_LEVEL: 'warn' } });
    const admin = await platform.useCases.ensurePlatformAdmin.execute();
    const base = await platform.listen(0);
    const world = { admin: new ApiClient(base, admin?.key) } as HttpWorld;
    const start = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS - (DAYS + 1) * DAY_MS);
    const tenants: Tenant[] = [];
    const seeding = performance.now();
    for (const [label, turns, tag] of [
      [`${SMALL}`, SMALL, 's'],
      [`${LARGE}`, LARGE, 'l'],
    ] as const) {
      const tenant = await createTenant(world);
      const place = await placeFor(tenant.owner, tenant.organizationId, tag);
      await seedTurns(handle, place, turns, start);
      tenants.push({ label, key: tenant.owner.key ?? '' });
    }
    if (name === 'postgres') await handle.sequelize.query('ANALYZE');
    const seconds = ((performance.now() - seeding) / 1000).toFixed(0);
    process.stdout.write(`${name}: seeded ${SMALL} and ${LARGE} inference results in ${seconds} s\n`);
    const day = (offset: number) => new Date(start.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
    const range = `from=${day(0)}&to=${day(DAYS)}`;
    for (const groupBy of GROUPINGS)
      report(name, `groupBy=${groupBy}`, await measure(base, `groupBy=${groupBy}&${range}`, tenants));
    // Ranges that do not start or end at midnight: whole hours of the partial days from the hourly rollups, whole
    // minutes of the partial hours (12:38–13:00 on the first day, 11:00–11:23 on the last) from the minute rollups,
    // only the partial minutes at either end (12:37:12–12:38, 11:23–11:23:45) from the turns.
    const noon = `groupBy=day&from=${day(0)}T12:37:12Z&to=${day(DAYS - 1)}T11:23:45Z`;
    report(name, 'groupBy=day, from 12:37', await measure(base, noon, tenants));
    // What a client sending "the last 30 days" as timestamps asks: now − 30 days to now, minutes and seconds included.
    const now = Date.now();
    const recent = `groupBy=day&from=${new Date(now - DAYS * DAY_MS).toISOString()}&to=${new Date(now).toISOString()}`;
    report(name, 'groupBy=day, now − 30 d', await measure(base, recent, tenants));
  } finally {
    await platform?.close();
    await handle.sequelize.close();
    await store.drop();
  }
}

function report(database: string, label: string, figures: Awaited<ReturnType<typeof measure>>): void {
  const [small, large] = figures;
  const cell = (entry: typeof small) =>
    `${entry.label} turns (${entry.counted} summed): p50 ${entry.p50.toFixed(1)} ms, p95 ${entry.p95.toFixed(1)} ms`;
  process.stdout.write(
    `${database.padEnd(8)} ${label.padEnd(24)} ${cell(small)} | ${cell(large)} | ratio p50 ` +
      `${(large.p50 / small.p50).toFixed(2)}, p95 ${(large.p95 / small.p95).toFixed(2)}\n`,
  );
}

export async function run(): Promise<void> {
  process.stdout.write(`GET /usage over ${DAYS} days, ${SAMPLES} requests per size and grouping, alternating\n`);
  if (DATABASES.includes('sqlite')) await onDatabase('sqlite');
  if (DATABASES.includes('postgres') && (await postgresAvailable())) await onDatabase('postgres');
}
