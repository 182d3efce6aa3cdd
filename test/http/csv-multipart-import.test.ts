import test from 'ava';
import { gzipSync } from 'node:zlib';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';

const BOUNDARY = 'assay-test-boundary';

/** A multipart/form-data body written by hand, one part per entry (a file part when it has a filename). */
function multipart(parts: readonly { name: string; filename?: string; content: string }[]): Buffer {
  const text = parts
    .map(
      (part) =>
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"` +
        `${part.filename ? `; filename="${part.filename}"\r\nContent-Type: text/csv` : ''}\r\n\r\n${part.content}\r\n`,
    )
    .join('');
  return Buffer.from(`${text}--${BOUNDARY}--\r\n`);
}

const form = (body: Buffer, headers: Record<string, string> = {}) => ({
  raw: body,
  headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, ...headers },
});

async function emptyTest(owner: ApiClient, name: string) {
  const product = (await owner.post('/products', { name })).body;
  return (await owner.post('/tests', { productId: product.id, name: 'Golden set' })).body as { id: string };
}

const FILE =
  'input,expectedOutput,stoppingCriterias\nWhere is my order?,It ships today,a|b\n"Refund, please",Refunded,\n';

for (const { world, title } of await databaseWorlds(test)) {
  test(title('a CSV file uploaded as multipart/form-data imports like the raw CSV body'), async (t) => {
    const { owner } = await createTenant(world());
    const [viaRaw, viaForm, viaFetch] = await Promise.all([
      emptyTest(owner, 'Raw'),
      emptyTest(owner, 'Form'),
      emptyTest(owner, 'FormData'),
    ]);
    const raw = await owner.request('POST', `/tests/${viaRaw.id}/testCases/import`, {
      raw: FILE,
      headers: { 'content-type': 'text/csv' },
    });
    t.is(raw.status, 201, JSON.stringify(raw.body));
    const uploaded = await owner.request(
      'POST',
      `/tests/${viaForm.id}/testCases/import`,
      form(
        multipart([
          { name: 'note', content: 'hello' },
          { name: 'file', filename: 'cases.csv', content: FILE },
        ]),
      ),
    );
    t.is(uploaded.status, 201, JSON.stringify(uploaded.body));
    t.is(uploaded.body.imported, 2);
    const fields = (body: { testCases: Record<string, unknown>[] }) =>
      body.testCases.map(({ input, expectedOutput, stoppingCriterias }) => ({
        input,
        expectedOutput,
        stoppingCriterias,
      }));
    t.deepEqual(fields(uploaded.body), fields(raw.body));

    // The way a browser or `curl -F file=@cases.csv` sends it, and compressed like any body.
    const data = new FormData();
    data.append('file', new Blob([FILE], { type: 'text/csv' }), 'cases.csv');
    const fetched = await fetch(`${world().url}/tests/${viaFetch.id}/testCases/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.key}` },
      body: data,
    });
    t.is(fetched.status, 201);
    const gzipped = await owner.request(
      'POST',
      `/tests/${viaFetch.id}/testCases/import`,
      form(gzipSync(multipart([{ name: 'file', filename: 'c.csv', content: 'input\nagain\n' }])), {
        'content-encoding': 'gzip',
      }),
    );
    t.is(gzipped.status, 201, JSON.stringify(gzipped.body));
    t.is((await owner.get('/testCases', { testIds: viaFetch.id })).body.length, 3);
  });

  test(title('a multipart upload follows the raw rules: bad rows, the row limit, one file in `file`'), async (t) => {
    const { owner } = await createTenant(world());
    const dataset = await emptyTest(owner, 'Rules');
    const upload = (parts: Parameters<typeof multipart>[0]) =>
      owner.request('POST', `/tests/${dataset.id}/testCases/import`, form(multipart(parts)));
    const badRow = await upload([{ name: 'file', filename: 'c.csv', content: 'input,goal\na,b,c' }]);
    const rawBadRow = await owner.request('POST', `/tests/${dataset.id}/testCases/import`, {
      raw: 'input,goal\na,b,c',
      headers: { 'content-type': 'text/csv' },
    });
    t.is(badRow.status, 400);
    t.deepEqual(badRow.body, rawBadRow.body);
    const tooMany = await upload([{ name: 'file', filename: 'c.csv', content: `input\n${'a\n'.repeat(10_001)}` }]);
    t.is(tooMany.status, 400);
    t.regex(tooMany.body.message, /at most 10000 rows/);
    for (const parts of [
      [{ name: 'upload', filename: 'c.csv', content: FILE }],
      [{ name: 'file', content: FILE }],
      [
        { name: 'file', filename: 'a.csv', content: FILE },
        { name: 'file', filename: 'b.csv', content: FILE },
      ],
    ]) {
      const refused = await upload(parts);
      t.is(refused.status, 400, JSON.stringify(parts.map((part) => part.name)));
      t.is(refused.body.error, 'invalid_input');
      t.regex(refused.body.message, /multipart/);
    }
    const torn = await owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      form(
        Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="c.csv"\r\n\r\ninput\na`),
      ),
    );
    t.is(torn.status, 400);
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 0, 'nothing was stored');
  });

  test(title("a multipart upload to another organization's test is a 404"), async (t) => {
    const { owner } = await createTenant(world());
    const stranger = await createTenant(world());
    const dataset = await emptyTest(owner, 'Mine');
    const answer = await stranger.owner.request(
      'POST',
      `/tests/${dataset.id}/testCases/import`,
      form(multipart([{ name: 'file', filename: 'c.csv', content: FILE }])),
    );
    t.is(answer.status, 404);
    t.is((await owner.get('/testCases', { testIds: dataset.id })).body.length, 0);
  });
}
