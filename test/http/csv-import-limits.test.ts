import test from 'ava';
import { gzipSync } from 'node:zlib';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';

const csv = (text: string | Uint8Array, headers: Record<string, string> = {}) => ({
  raw: text,
  headers: { 'content-type': 'text/csv', ...headers },
});
const paths = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

async function emptyTest(tenant: Tenant) {
  const product = (await tenant.owner.post('/products', { name: 'Bot' })).body;
  return (await tenant.owner.post('/tests', { productId: product.id, name: 'Golden set' })).body as { id: string };
}

/** A header and `rows` one-cell rows: 3 million of them is 6 MB of CSV. */
const tinyRows = (rows: number) => `input\n${'a\n'.repeat(rows)}`;

for (const { world, title } of await databaseWorlds(test)) {
  test(title('CSV import: millions of tiny rows stop at the row limit with 400, and nothing is stored'), async (t) => {
    const tenant = await createTenant(world());
    const dataset = await emptyTest(tenant);
    const importPath = `/tests/${dataset.id}/testCases/import`;
    const refused = await tenant.owner.request('POST', importPath, csv(tinyRows(3_000_000)));
    t.is(refused.status, 400);
    t.is(refused.body.error, 'invalid_input');
    t.deepEqual(paths(refused), ['rows']);
    t.regex(refused.body.message, /at most 10000 rows/);
    const justOver = await tenant.owner.request('POST', importPath, csv(tinyRows(10_001)));
    t.is(justOver.status, 400);
    t.deepEqual(paths(justOver), ['rows']);
    const compressed = await tenant.owner.request(
      'POST',
      importPath,
      csv(gzipSync(tinyRows(2_000_000)), { 'content-encoding': 'gzip' }),
    );
    t.is(compressed.status, 400);
    t.deepEqual(paths(compressed), ['rows']);
    t.is((await tenant.owner.get('/testCases', { testIds: dataset.id })).body.length, 0);
    t.is((await tenant.owner.get('/health')).status, 200);
  });

  test(title('CSV import: the test is checked before the body is read'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const dataset = await emptyTest(tenant);
    const huge = tinyRows(3_000_000);
    const foreign = await other.owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(huge));
    t.is(foreign.status, 404);
    t.is(foreign.body.error, 'not_found');
    const missing = await tenant.owner.request('POST', '/tests/test_missing/testCases/import', csv(huge));
    t.is(missing.status, 404);
    const oversized = await other.owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      csv(`input\n${'x'.repeat(17 * 1024 * 1024)}\n`),
    );
    t.is(oversized.status, 404, 'the unknown test answers before the size of a body nobody will read');
    const mine = await tenant.owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      csv(`input\n${'x'.repeat(17 * 1024 * 1024)}\n`),
    );
    t.is(mine.status, 413);
    t.is(mine.body.error, 'payload_too_large');
  });

  test(title('CSV import: cells, rows and columns are bounded, and cells are checked like JSON bodies'), async (t) => {
    const tenant = await createTenant(world());
    const dataset = await emptyTest(tenant);
    const send = (text: string) => tenant.owner.request('POST', `/tests/${dataset.id}/testCases/import`, csv(text));

    const longRow = await send(`input,goal\n${'x'.repeat(1_100_000)},${'y'.repeat(1_100_000)}\n`);
    t.is(longRow.status, 400);
    t.deepEqual(paths(longRow), ['body']);
    t.regex(longRow.body.message, /more than 2097152 characters/);

    const longCell = await send(`input\n${'x'.repeat(1_100_000)}\n`);
    t.is(longCell.status, 400);
    t.deepEqual(paths(longCell), ['rows.1.input']);

    const wide = await send(`${Array.from({ length: 70 }, (_, index) => `c${index}`).join(',')}\n`);
    t.is(wide.status, 400);
    t.regex(wide.body.message, /more than 64 cells/);

    const nul = await send('input,goal\nok,fine\nbad\u0000,fine\n');
    t.is(nul.status, 400);
    t.deepEqual(paths(nul), ['rows.2.input']);
    t.regex(nul.body.message, /NUL/);

    const deep = `"${'{""a"":'.repeat(9_999)}{}${'}'.repeat(9_999)}"`;
    const tooDeep = await send(`input\n${deep}\n`);
    t.is(tooDeep.status, 400);
    t.deepEqual(paths(tooDeep), ['rows.1.input']);
    t.regex(tooDeep.body.message, /deeper than 64 levels/);

    const deepList = await send(`input,expectedTools\nq,"${'['.repeat(100)}${']'.repeat(100)}"\n`);
    t.is(deepList.status, 400);
    t.deepEqual(paths(deepList), ['rows.1.expectedTools']);

    const brokenQuote = await send('input\n"never closed\n');
    t.is(brokenQuote.status, 400);
    t.deepEqual(paths(brokenQuote), ['body']);

    const fine = await send('input,context\n"{""user_message"": ""hi""}","{""a"": {""b"": [1, 2]}}"\n');
    t.is(fine.status, 201, JSON.stringify(fine.body));
    t.is((await tenant.owner.get('/testCases', { testIds: dataset.id })).body.length, 1);
  });
}
