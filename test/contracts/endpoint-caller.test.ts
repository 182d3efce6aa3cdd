import test from 'ava';
import { HttpEndpointCaller } from '../../adapters/endpoint-connection/http-endpoint-caller.ts';
import type { EndpointRequest } from '../../application/ports/endpoint-caller.ts';
import { type ProductServer, startProductServer } from '../support/product-server.ts';

/** The product endpoint adapter against real local servers: address guard on the resolved address, limits. */
let product: ProductServer;
test.before(async () => {
  product = await startProductServer({
    '/wait': async (_request, response) => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"answer":{"text":"ok"}}');
    },
  });
});
test.after.always(() => product.close());

const request = (url: string, overrides: Partial<EndpointRequest> = {}): EndpointRequest => ({
  connectionId: 'endpointConnection_1',
  url,
  method: 'POST',
  headers: { 'content-type': 'application/json', authorization: 'Bearer tok-s3cret' },
  body: '{"message":"hi"}',
  timeoutMs: 2000,
  retries: 0,
  maxConcurrency: 4,
  rateLimitPerMinute: null,
  ...overrides,
});

test('a name resolving to a private address is refused, and the check is the connection’s own lookup', async (t) => {
  const port = new URL(product.url).port;
  const resolving = (address: string) =>
    new HttpEndpointCaller({ allowPrivateNetworks: false, lookup: async () => [{ address, family: 4 }] });
  const tenNet = await resolving('10.1.2.3').call(request(`http://internal.example:${port}/echo`, { retries: 3 }));
  t.is(tenNet.status, null);
  t.regex(tenNet.error ?? '', /10\.1\.2\.3, a loopback, private, link-local or metadata address/);
  t.is(tenNet.attempts, 1, 'a refused target is not retried');
  t.false((tenNet.error ?? '').includes('tok-s3cret'));
  const rebinding = await resolving('127.0.0.1').call(request(`http://public.example:${port}/echo`));
  t.regex(rebinding.error ?? '', /127\.0\.0\.1/);
  t.is(product.hits('/echo'), 0);
  const allowed = new HttpEndpointCaller({
    allowPrivateNetworks: true,
    lookup: async () => [{ address: '127.0.0.1', family: 4 }],
  });
  const reached = await allowed.call(request(`http://any-name.example:${port}/echo`));
  t.is(reached.status, 200, 'the connection goes to the address the lookup gave');
  t.is(product.hits('/echo'), 1);
});

test('every address a name resolves to is checked in any notation, once per attempt, as the socket connects', async (t) => {
  const port = new URL(product.url).port;
  let lookups = 0;
  const resolving = (...addresses: { address: string; family: number }[]) =>
    new HttpEndpointCaller({
      allowPrivateNetworks: false,
      lookup: async () => {
        lookups++;
        return addresses;
      },
    });
  for (const address of ['::ffff:7f00:1', '::ffff:169.254.169.254', '64:ff9b::a9fe:a9fe', '2002:7f00:1::1']) {
    const refused = await resolving({ address, family: 6 }).call(
      request(`http://rebound.example:${port}/echo?rebound`),
    );
    t.regex(refused.error ?? '', /loopback, private, link-local or metadata address/, address);
  }
  const mixed = await resolving({ address: '93.184.216.34', family: 4 }, { address: '127.0.0.1', family: 4 }).call(
    request(`http://mixed.example:${port}/echo?rebound`),
  );
  t.regex(mixed.error ?? '', /127\.0\.0\.1/, 'one internal address among public ones is enough to refuse');
  t.is(lookups, 5, 'one resolution per attempt: the one the socket connects with');
  t.is(product.hits('/echo?rebound'), 0);
  const unresolvable = new HttpEndpointCaller({
    allowPrivateNetworks: false,
    lookup: async () => {
      throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
    },
  });
  t.is(
    (await unresolvable.call(request(`http://nowhere.example:${port}/echo`))).error,
    'nowhere.example could not be resolved',
  );
});

test('a header value HTTP cannot carry is a failed call, never a thrown error', async (t) => {
  const endpoint = new HttpEndpointCaller({ allowPrivateNetworks: true });
  const answer = await endpoint.call(
    request(`${product.url}/echo?unsendable`, { headers: { authorization: 'Bearer tökén€' }, retries: 2 }),
  );
  t.like(answer, { status: null, attempts: 1 });
  t.regex(answer.error ?? '', /cannot carry \(ERR_INVALID_CHAR\)/);
  t.false((answer.error ?? '').includes('tökén'));
});

test('maxConcurrency bounds calls in flight per connection, and rateLimitPerMinute spaces their starts', async (t) => {
  const endpoint = new HttpEndpointCaller({ allowPrivateNetworks: true });
  const started = Date.now();
  await Promise.all(
    Array.from({ length: 6 }, () => endpoint.call(request(`${product.url}/wait`, { maxConcurrency: 2 }))),
  );
  const elapsed = Date.now() - started;
  t.true(elapsed >= 290, `6 calls of 100 ms, 2 at a time, took ${elapsed} ms`);
  // Its own path, so the file's other tests, running at the same time, neither add to these calls nor count them.
  await Promise.all(
    Array.from({ length: 3 }, () =>
      endpoint.call(
        request(`${product.url}/query?spaced`, { connectionId: 'endpointConnection_2', rateLimitPerMinute: 600 }),
      ),
    ),
  );
  const times = product.requests.filter((entry) => entry.path === '/query?spaced').map((entry) => entry.at);
  t.true(times[2] - times[0] >= 190, `3 calls at 600/min are 100 ms apart: ${times.map((time) => time - times[0])}`);
});
