import { postgresAvailable } from '../support/databases.ts';
import { createTenant, startWorld } from '../support/http-world.ts';

/** CSV import: one file of ROWS test cases sent to POST /tests/{id}/testCases/import per database; prints rows/s. */
const ROWS = Number(process.env.BENCH_CSV_ROWS ?? 10_000);

function csvFile(rows: number): string {
  const lines = ['input,expectedOutput,expectedTools,languageCode,context'];
  for (let index = 0; index < rows; index += 1) {
    lines.push(
      `"Where is order ${index}, shipped last week?","Order ${index} ships today",lookup_order|notify,en-US,"{""value"": ""Order ${index} is in the warehouse""}"`,
    );
  }
  return lines.join('\n');
}

export async function run(): Promise<void> {
  const body = csvFile(ROWS);
  for (const database of (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const)) {
    const world = await startWorld(database, { LOG_LEVEL: 'error' });
    try {
      const { owner } = await createTenant(world);
      const product = (await owner.post('/products', { name: 'Bench' })).body;
      const dataset = (await owner.post('/tests', { productId: product.id, name: 'Bench' })).body;
      const started = performance.now();
      const response = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, {
        raw: body,
        headers: { 'content-type': 'text/csv' },
      });
      const seconds = (performance.now() - started) / 1000;
      if (response.status !== 201) throw new Error(`import answered ${response.status}`);
      process.stdout.write(
        `${database}: ${ROWS} rows (${(body.length / 1e6).toFixed(1)} MB) in ${seconds.toFixed(2)} s = ${Math.round(ROWS / seconds)} rows/s\n`,
      );
    } finally {
      await world.close();
    }
  }
}
