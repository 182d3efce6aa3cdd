import test from 'ava';
import { createHash } from 'node:crypto';
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { createPlatform } from '../../bootstrap/library.ts';
import { ApiClient } from '../support/api-client.ts';
import { useWorld } from '../support/http-world.ts';

const world = useWorld(test, 'memory');

/** Sends a request with `count` headers on a raw socket; the whole answer, split into status, head and body. */
function withHeaders(url: string, count: number): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(url);
  const headers = Array.from({ length: count }, (_, index) => `X-Probe-${index}: ${'a'.repeat(10)}\r\n`).join('');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () =>
      socket.write(`GET /health HTTP/1.1\r\nHost: ${hostname}\r\n${headers}\r\n`),
    );
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = '', body = ''] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), head, body });
    });
  });
}

test('the reviewer page carries a strict CSP, no framing and nosniff', async (t) => {
  const page = await new ApiClient(world().url).get('/review');
  if (page.status === 503) return t.pass('the reviewer page is not built here; its headers are checked where it is');
  t.is(page.status, 200);
  const policy = page.headers.get('content-security-policy') ?? '';
  t.regex(policy, /default-src 'none'/);
  t.regex(policy, /script-src 'self'(;|$)/);
  t.regex(policy, /frame-ancestors 'none'/);
  t.notRegex(policy, /unsafe-inline|unsafe-eval/);
  t.is(page.headers.get('x-frame-options'), 'DENY');
  t.is(page.headers.get('x-content-type-options'), 'nosniff');
});

test('the docs page runs no script and allows exactly its own inline style', async (t) => {
  const page = await new ApiClient(world().url).get('/docs');
  t.is(page.status, 200);
  const policy = page.headers.get('content-security-policy') ?? '';
  t.notRegex(policy, /script-src|unsafe-inline/);
  t.regex(policy, /default-src 'none'/);
  t.regex(policy, /frame-ancestors 'none'/);
  const style = /<style>([^<]*)<\/style>/.exec(page.body as string)?.[1] ?? '';
  t.true(style.length > 0);
  t.true(policy.includes(`'sha256-${createHash('sha256').update(style).digest('base64')}'`), policy);
  t.notRegex(page.body as string, /<script/);
  t.is(page.headers.get('x-frame-options'), 'DENY');
  t.is(page.headers.get('x-content-type-options'), 'nosniff');
});

test('every other answer carries nosniff: JSON, guides, errors', async (t) => {
  const anonymous = new ApiClient(world().url);
  for (const answer of [
    await anonymous.get('/health'),
    await anonymous.get('/docs/api-conventions.md'),
    await anonymous.get('/products'),
    await anonymous.get('/no/such/route'),
  ]) {
    t.is(answer.headers.get('x-content-type-options'), 'nosniff', String(answer.status));
    t.is(answer.headers.get('content-security-policy'), null, 'only pages carry a policy');
  }
});

test('a request with 2,000 headers is a 431 with the JSON {error, message} body', async (t) => {
  const answer = await withHeaders(world().url, 2_000);
  t.is(answer.status, 431);
  t.regex(answer.head, /content-type: application\/json/i);
  t.deepEqual(Object.keys(JSON.parse(answer.body)).sort(), ['error', 'message']);
  t.is(JSON.parse(answer.body).error, 'headers_too_large');
  t.is((await new ApiClient(world().url).get('/health')).status, 200, 'the server keeps serving');
});

test("an embedding host's server made by the HTTP application's own listen answers JSON too", async (t) => {
  const platform = await createPlatform({ database: 'memory' });
  const server = platform.http.listen(0, '127.0.0.1');
  try {
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const answer = await withHeaders(`http://127.0.0.1:${port}`, 2_000);
    t.is(answer.status, 431);
    t.is(JSON.parse(answer.body).error, 'headers_too_large');
  } finally {
    server.close();
    await platform.close();
  }
});
