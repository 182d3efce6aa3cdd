/**
 * `npm run bench`: runs every benchmark below (or those named on the command line) and prints their
 * figures. Benchmarks measure; they never pass or fail on time.
 */
const benchmarks: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  evaluation: () => import('./evaluation.bench.ts'),
  'span-ingestion': () => import('./span-ingestion.bench.ts'),
  'csv-import': () => import('./csv-import.bench.ts'),
  reads: () => import('./reads.bench.ts'),
  capacity: () => import('./capacity.bench.ts'),
  'from-version': () => import('./from-version.bench.ts'),
  monitors: () => import('./monitor-discovery.bench.ts'),
  console: () => import('./console.bench.ts'),
  usage: () => import('./usage.bench.ts'),
  scale: () => import('./scale.bench.ts'),
};

const wanted = process.argv.slice(2);
for (const [name, load] of Object.entries(benchmarks)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  process.stdout.write(`\n== ${name} ==\n`);
  await (await load()).run();
}
process.exit(0);
