import test from 'ava';
import { connect } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { createTenant, databaseWorlds } from '../support/http-world.ts';

/** A JSON object nested `depth` levels deep, written as text (building it as a value would need recursion). */
const nested = (depth: number): string => `${'{"a":'.repeat(depth - 1)}{"leaf":true}${'}'.repeat(depth - 1)}`;

/** Sends bytes on a raw socket and reads the whole answer (the server closes the connection after it). */
function rawExchange(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head, body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

for (const { world, title } of await databaseWorlds(test)) {
  test(
    title('a NUL character in a path segment, query value, JSON string or key is a 400 naming the field'),
    async (t) => {
      const { owner } = await createTenant(world());
      const cases = [
        { response: await owner.get('/products/%00'), path: 'id' },
        { response: await owner.get('/traces/a%00b'), path: 'id' },
        { response: await owner.get('/products', { name: '\u0000' }), path: 'name' },
        { response: await owner.get('/products', { ids: ['a', 'b\u0000'] }), path: 'ids.1' },
        { response: await owner.post('/products', { name: 'bad\u0000name' }), path: 'name' },
        {
          response: await owner.post('/products', { name: 'ok', metadata: { 'k\u0000': 1 } }),
          path: 'metadata.k\\u0000',
        },
        {
          response: await owner.post('/products', { name: 'ok', metadata: { list: ['x', 'y\u0000'] } }),
          path: 'metadata.list.1',
        },
      ];
      for (const { response, path } of cases) {
        t.is(response.status, 400, JSON.stringify(response.body));
        t.is(response.body.error, 'invalid_input');
        t.is(response.body.issues[0].path, path);
        t.regex(response.body.message, /NUL/);
      }
      const unpaired = await owner.request('POST', '/products', {
        raw: '{"name": "half \\ud800 a pair"}',
        headers: { 'content-type': 'application/json' },
      });
      t.is(unpaired.status, 400);
      t.is(unpaired.body.issues[0].path, 'name');
      t.is((await owner.get('/products')).body.length, 0, 'nothing was stored');
    },
  );

  test(title('JSON nested deeper than 64 levels is a 400 naming the field, even 10,000 levels deep'), async (t) => {
    const { owner } = await createTenant(world());
    const post = (metadata: string) =>
      owner.request('POST', '/products', {
        raw: `{"name": "deep", "metadata": ${metadata}}`,
        headers: { 'content-type': 'application/json' },
      });
    const fits = await post(nested(63));
    t.is(fits.status, 201, JSON.stringify(fits.body).slice(0, 300));
    for (const depth of [64, 10_000]) {
      const refused = await post(nested(depth));
      t.is(refused.status, 400);
      t.is(refused.body.error, 'invalid_input');
      t.regex(refused.body.issues[0].path, /^metadata\.a\.a/);
      t.regex(refused.body.message, /deeper than 64 levels/);
    }
    const deepArray = await owner.request('POST', '/products', {
      raw: `{"name": "deep", "metadata": {"x": ${'['.repeat(10_000)}${']'.repeat(10_000)}}}`,
      headers: { 'content-type': 'application/json' },
    });
    t.is(deepArray.status, 400);
    t.regex(deepArray.body.issues[0].path, /^metadata\.x\.0\.0/);
    t.is((await owner.get('/health')).status, 200);
  });

  test(title('OTLP JSON exports follow the same text and depth rules as every JSON body'), async (t) => {
    const { member } = await createTenant(world());
    const exportWith = (span: Record<string, unknown>) => ({
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [{ traceId: '0af7651916cd43dd8448eb211c80319c', spanId: 'b7ad6b7169203331', name: 'ok', ...span }],
            },
          ],
        },
      ],
    });
    const named = await member.post('/otel/v1/traces', exportWith({ name: 'bad\u0000name' }));
    t.is(named.status, 400);
    t.is(named.body.issues[0].path, 'resourceSpans.0.scopeSpans.0.spans.0.name');
    const key = await member.post(
      '/otel/v1/traces',
      exportWith({ attributes: [{ key: 'k\u0000', value: { stringValue: 'v' } }] }),
    );
    t.is(key.status, 400);
    t.regex(key.body.message, /NUL/);
    const levels = 3_000;
    const deepValue = `${'{"kvlistValue":{"values":[{"key":"k","value":'.repeat(levels)}{"stringValue":"x"}${'}]}}'.repeat(levels)}`;
    const deep = await member.request('POST', '/otel/v1/traces', {
      raw: JSON.stringify(exportWith({ attributes: [] })).replace(
        '"attributes":[]',
        `"attributes":[{"key":"d","value":${deepValue}}]`,
      ),
      headers: { 'content-type': 'application/json' },
    });
    t.is(deep.status, 400);
    t.regex(deep.body.message, /deeper than 64 levels/);
  });

  test(title('numeric query parameters take decimal digits only; anything else is a 400 naming them'), async (t) => {
    const { owner } = await createTenant(world());
    for (const limit of ['', '0x10', '1e3', ' 5', '5 ', '5.0', '+', '-', '1_000', 'Infinity', '12345678901234567']) {
      const response = await owner.get('/products', { limit });
      t.is(response.status, 400, `limit=${JSON.stringify(limit)}`);
      t.is(response.body.error, 'invalid_input');
      t.is(response.body.issues[0].path, 'limit');
    }
    t.is((await owner.get('/products', { offset: '0x1' })).status, 400);
    t.is((await owner.get('/versions', { numbers: ['1', '0x2'] })).status, 400);
    t.is((await owner.get('/evaluations', { minScore: '' })).status, 400);
    t.is((await owner.get('/evaluations', { minScore: '1e-1' })).status, 400);
    t.is((await owner.get('/evaluations', { minScore: '0.5' })).status, 200);
    t.is((await owner.get('/products', { limit: '5' })).status, 200);
    t.is((await owner.get('/products', { limit: '+5', offset: '0' })).status, 200);
    t.is((await owner.get('/versions', { numbers: ['1', '2'] })).status, 200);
  });

  test(title('gzip, deflate and br bodies are accepted on JSON routes and OTLP alike'), async (t) => {
    const { owner } = await createTenant(world());
    for (const [coding, encode] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
      ['identity', (bytes: Buffer) => bytes],
    ] as const) {
      const created = await owner.request('POST', '/products', {
        raw: encode(Buffer.from(JSON.stringify({ name: `compressed with ${coding}` }))),
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
      });
      t.is(created.status, 201, `${coding}: ${JSON.stringify(created.body)}`);
      const exported = await owner.request('POST', '/otel/v1/traces', {
        raw: encode(Buffer.from(JSON.stringify({ resourceSpans: [] }))),
        headers: { 'content-type': 'application/json', 'content-encoding': coding },
      });
      t.is(exported.status, 200, `OTLP ${coding}: ${JSON.stringify(exported.body)}`);
    }
  });

  test(title('a body that is not what its Content-Encoding says is a 400; an unknown coding 415'), async (t) => {
    const { owner } = await createTenant(world());
    const plain = JSON.stringify({ name: 'plain' });
    for (const path of ['/products', '/otel/v1/traces', '/tests/test_x/testCases/import']) {
      const type = path.endsWith('import') ? 'text/csv' : 'application/json';
      for (const coding of ['gzip', 'deflate', 'br']) {
        const corrupt = await owner.request('POST', path, {
          raw: plain,
          headers: { 'content-type': type, 'content-encoding': coding },
        });
        t.true([400, 404].includes(corrupt.status), `${path} ${coding}: ${corrupt.status}`);
        t.is(typeof corrupt.body.message, 'string');
      }
      const truncated = await owner.request('POST', path, {
        raw: gzipSync(Buffer.from(plain)).subarray(0, 12),
        headers: { 'content-type': type, 'content-encoding': 'gzip' },
      });
      t.true([400, 404].includes(truncated.status), `${path} truncated gzip: ${truncated.status}`);
      const unknown = await owner.request('POST', path, {
        raw: plain,
        headers: { 'content-type': type, 'content-encoding': 'compress' },
      });
      t.is(unknown.status, path.endsWith('import') ? 404 : 415, path);
    }
    const corrupt = await owner.request('POST', '/products', {
      raw: plain,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    t.is(corrupt.status, 400);
    t.deepEqual(Object.keys(corrupt.body).sort(), ['error', 'message']);
    t.regex(corrupt.body.message, /not valid gzip data/);
  });

  test(title('a decompression bomb stops at the body limit with 413 on every kind of route'), async (t) => {
    const { owner } = await createTenant(world());
    const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x20));
    t.true(bomb.length < 100_000);
    for (const [path, type] of [
      ['/products', 'application/json'],
      ['/otel/v1/traces', 'application/x-protobuf'],
    ] as const) {
      const response = await owner.request('POST', path, {
        raw: bomb,
        headers: { 'content-type': type, 'content-encoding': 'gzip' },
      });
      t.is(response.status, 413, path);
      t.is(response.body.error, 'payload_too_large');
    }
  });

  test(title("the HTTP parser's refusals carry a JSON {error, message} body too"), async (t) => {
    const host = new URL(world().url).host;
    const huge = await rawExchange(
      world().url,
      `GET /health HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    t.is(huge.status, 431);
    t.regex(huge.headers, /content-type: application\/json/i);
    t.deepEqual(JSON.parse(huge.body), {
      error: 'headers_too_large',
      message: 'The request headers exceed the size limit (16 KB in total)',
    });
    const garbage = await rawExchange(world().url, 'NOT HTTP AT ALL\r\n\r\n');
    t.is(garbage.status, 400);
    t.is(JSON.parse(garbage.body).error, 'invalid_input');
    const badLength = await rawExchange(
      world().url,
      `POST /products HTTP/1.1\r\nHost: ${host}\r\nContent-Length: abc\r\n\r\n`,
    );
    t.is(badLength.status, 400);
    t.is(typeof JSON.parse(badLength.body).message, 'string');
    t.is((await world().admin.get('/health')).status, 200, 'the server keeps serving');
  });
}
