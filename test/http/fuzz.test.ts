import test from 'ava';
import fc from 'fast-check';
import { type FuzzRequest, operationsOf, requestsFor } from '../support/fuzz-requests.ts';
import { createTenant, httpDatabases, type Tenant, useWorld } from '../support/http-world.ts';
import { SchemaArbitraries } from '../support/openapi-arbitraries.ts';

/**
 * Fuzzing from the OpenAPI document: requests for every operation, built from its own schemas (valid, boundary and
 * malformed bodies, queries and path ids), must never answer 5xx, and every 4xx must carry `{error, message}`.
 * `npm test` sends FUZZ_RUNS × BATCH requests (at least 3,000) on SQLite and a third of that on PostgreSQL (which
 * refuses some text SQLite stores); `npm run fuzz` sends more. FUZZ_SEED replays a run.
 */
const BATCH = 4;
const RUNS = Number(process.env.FUZZ_RUNS ?? 750);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** Real ids the tenant owns, by the collection they live in, so clean requests reach records instead of 404. */
async function seed(tenant: Tenant): Promise<Map<string, string>> {
  const { owner } = tenant;
  const ids = new Map<string, string>();
  const keep = (collection: string, response: { status: number; body: any }) => {
    if (response.status < 300 && typeof response.body?.id === 'string') ids.set(collection, response.body.id);
    return response.body;
  };
  const product = keep('/products', await owner.post('/products', { name: 'Fuzzed product' }));
  keep('/versions', await owner.post('/versions', { productId: product.id, name: 'v1' }));
  const dataset = keep('/tests', await owner.post('/tests', { productId: product.id, name: 'Fuzzed test' }));
  keep('/testCases', await owner.post('/testCases', { testId: dataset.id, input: 'Hello?' }));
  keep('/specifications', await owner.post('/specifications', { productId: product.id, name: 'Spec' }));
  keep('/userGroups', await owner.post('/userGroups', { name: 'Group' }));
  return ids;
}

for (const database of await httpDatabases()) {
  const world = useWorld(test, database, { RATE_LIMIT_PER_MINUTE: 0 });
  const runs = database === 'postgres' ? Math.ceil(RUNS / 3) : RUNS;
  test(`[${database}] fuzzing every operation of the OpenAPI document: no 5xx, and every 4xx is {error, message} (seed ${SEED})`, async (t) => {
    t.timeout(10 * 60_000, 'a fuzz run takes longer on a busy machine');
    const { url, admin, adminKey } = world();
    const document = (await admin.get('/openapi.json')).body;
    const tenant = await createTenant(world());
    const ids = await seed(tenant);
    const keys = [tenant.owner.key, tenant.member.key, adminKey].filter((key): key is string => Boolean(key));
    const schemas = new SchemaArbitraries(document.components.schemas);
    const operations = operationsOf(document);
    t.true(operations.length > 100);
    const request = fc.oneof(...operations.map((operation) => requestsFor(operation, schemas, ids, keys)));
    let sent = 0;
    const failures: string[] = [];
    const statuses = new Map<number, number>();

    const send = async (fuzz: FuzzRequest): Promise<string | null> => {
      sent++;
      const response = await fetch(new URL(fuzz.url, url), {
        method: fuzz.method,
        headers: fuzz.headers,
        body: fuzz.body,
      });
      const text = await response.text();
      statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      const shown = `${fuzz.method} ${fuzz.url} ${JSON.stringify(fuzz.headers)} ${String(fuzz.body ?? '').slice(0, 300)}`;
      // This world has no marketplace configured: its webhook answers 503 by design (the sender retries later).
      const unconfiguredWebhook = response.status === 503 && fuzz.url.startsWith('/webhooks/marketplace');
      if (response.status >= 500 && !unconfiguredWebhook)
        return `${response.status} for ${shown}: ${text.slice(0, 300)}`;
      if (response.status >= 400) {
        let body: { error?: unknown; message?: unknown } = {};
        try {
          body = JSON.parse(text);
        } catch {
          return `${response.status} without a JSON body for ${shown}: ${text.slice(0, 200)}`;
        }
        if (typeof body.error !== 'string' || typeof body.message !== 'string')
          return `${response.status} without {error, message} for ${shown}: ${text.slice(0, 200)}`;
      }
      return null;
    };

    t.log(`seed ${SEED}: replay with FUZZ_SEED=${SEED} npx ava test/http/fuzz.test.ts`);
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(request, { minLength: BATCH, maxLength: BATCH }), async (batch) => {
          const problems = (await Promise.all(batch.map(send))).filter((problem) => problem !== null);
          failures.push(...problems);
          if (problems.length > 0) throw new Error(problems.join('\n'));
        }),
        {
          seed: SEED,
          numRuns: runs,
          interruptAfterTimeLimit: 5 * 60_000,
          endOnFailure: process.env.FUZZ_SHRINK !== 'true',
        },
      );
    } catch (error) {
      const [summary] = (error as Error).message.split('\nCounterexample');
      t.fail(`replay with FUZZ_SEED=${SEED}: ${summary}\n${[...new Set(failures)].slice(0, 8).join('\n')}`);
    }
    t.log(`${sent} requests; statuses ${JSON.stringify(Object.fromEntries(statuses))}`);
    t.true(sent >= runs * BATCH);
    t.is((await admin.get('/health')).status, 200);
  });
}
