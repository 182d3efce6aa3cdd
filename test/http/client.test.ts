import test from 'ava';
import { AssayApiError, createAssayClient } from '../../adapters/client/assay-client.ts';
import { evaluationFixture } from '../support/evaluation-fixtures.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { json, startLocalHttp } from '../support/local-http.ts';

const databases = await httpDatabases();

/** A local server answering with the scripted refusals in turn (then 200), counting the attempts. */
async function scriptedServer(statuses: readonly { status: number; retryAfter?: string; reason?: string }[]) {
  let attempts = 0;
  const server = await startLocalHttp((request, response) => {
    const step = statuses[attempts];
    attempts += 1;
    request.resume();
    if (step) {
      const error = { 409: 'conflict', 429: 'rate_limited' }[step.status] ?? 'unavailable';
      json(
        response,
        step.status,
        { error, message: 'later', ...(step.reason ? { reason: step.reason } : {}) },
        step.retryAfter ? { 'retry-after': step.retryAfter } : {},
      );
      return;
    }
    json(response, 200, { id: 'product_1', name: 'Served' });
  });
  return { url: server.url, attempts: () => attempts, close: server.close };
}

test('the client repeats a request answered 429 or 503 after Retry-After, then gives the answer', async (t) => {
  const server = await scriptedServer([
    { status: 503, retryAfter: '0' },
    { status: 429, retryAfter: '1' },
  ]);
  t.teardown(server.close);
  const client = createAssayClient({ baseUrl: server.url, apiKey: 'assay_test', maxDelayMs: 50 });
  const answer = await client.api.GET('/products/{id}', { params: { path: { id: 'product_1' } } });
  t.is(answer.data?.name, 'Served');
  t.is(server.attempts(), 3);
});

test('the client repeats a request answered 409 stale_version, and only that conflict', async (t) => {
  const stale = await scriptedServer([{ status: 409, reason: 'stale_version' }]);
  t.teardown(stale.close);
  const client = createAssayClient({ baseUrl: stale.url, apiKey: 'assay_test', maxDelayMs: 50 });
  const answer = await client.api.PATCH('/products/{id}', {
    params: { path: { id: 'product_1' } },
    body: { name: 'Served' },
  });
  t.is(answer.data?.name, 'Served', 'the second attempt is answered');
  t.is(stale.attempts(), 2);

  for (const reason of ['duplicate', 'illegal_transition'] as const) {
    const refusing = await scriptedServer([{ status: 409, reason }]);
    t.teardown(refusing.close);
    const once = createAssayClient({ baseUrl: refusing.url, apiKey: 'assay_test', maxDelayMs: 50 });
    const refused = await once.api.POST('/products', { body: { name: 'Served' } });
    t.is(refused.response.status, 409);
    t.is(refused.error?.reason, reason);
    t.is(refusing.attempts(), 1, `${reason}: not sent again`);
  }
});

test('the client stops retrying after its budget and answers the last refusal', async (t) => {
  const server = await scriptedServer([{ status: 503 }, { status: 503 }, { status: 503 }]);
  t.teardown(server.close);
  const client = createAssayClient({ baseUrl: server.url, apiKey: 'assay_test', retries: 1, maxDelayMs: 10 });
  const answer = await client.api.POST('/products', { body: { name: 'x' } });
  t.is(answer.response.status, 503);
  t.is(answer.error?.error, 'unavailable');
  t.is(server.attempts(), 2);
});

for (const database of databases) {
  const world = useWorld(test, database);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('typed calls against the real server: create, read, errors as {error, message}'), async (t) => {
    const tenant = await createTenant(world());
    const key = tenant.owner.key ?? '';
    const client = createAssayClient({ baseUrl: world().url, apiKey: key });
    const created = await client.api.POST('/products', { body: { name: 'Typed' } });
    t.is(created.response.status, 201);
    const id = created.data?.id ?? '';
    const read = await client.api.GET('/products/{id}', { params: { path: { id } } });
    t.is(read.data?.name, 'Typed');
    const missing = await client.api.GET('/products/{id}', { params: { path: { id: 'product_missing' } } });
    t.is(missing.response.status, 404);
    t.is(missing.error?.error, 'not_found');
    const stranger = createAssayClient({ baseUrl: world().url, apiKey: 'assay_wrong' });
    const refused = await stranger.api.GET('/products', {});
    t.is(refused.response.status, 401);
  });

  test(title('listAll walks every page of a list; a refused page throws the API error'), async (t) => {
    const tenant = await createTenant(world());
    const client = createAssayClient({ baseUrl: world().url, apiKey: tenant.owner.key ?? '' });
    const names = Array.from({ length: 23 }, (_, index) => `Paged ${String(index).padStart(2, '0')}`);
    for (const name of names) await client.api.POST('/products', { body: { name } });
    const seen: string[] = [];
    for await (const product of client.listAll('/products', { name: 'Paged' }, 5)) seen.push(product.name);
    t.deepEqual(seen.sort(), names);
    const pages = client.listAll('/products', { sort: ['colour,asc'] } as never, 5);
    await t.throwsAsync(pages.next(), { instanceOf: AssayApiError, message: /400 invalid_input/ });
  });

  test(
    title('listAll follows the Link cursors: rows added during the walk never repeat nor hide others'),
    async (t) => {
      const tenant = await createTenant(world());
      const asked: string[] = [];
      const recording: typeof fetch = (input, init) => {
        asked.push(input instanceof Request ? input.url : String(input));
        return fetch(input, init);
      };
      const client = createAssayClient({ baseUrl: world().url, apiKey: tenant.owner.key ?? '', fetch: recording });
      const names = Array.from({ length: 12 }, (_, index) => `Walked ${String(index).padStart(2, '0')}`);
      for (const name of names) await client.api.POST('/products', { body: { name } });
      const seen: string[] = [];
      let added = 0;
      for await (const product of client.listAll('/products', { sort: ['name,asc'] }, 4)) {
        seen.push(product.name);
        if (seen.length % 4 === 0) await client.api.POST('/products', { body: { name: `Walked 00 late ${++added}` } });
      }
      t.is(new Set(seen).size, seen.length);
      for (const name of names) t.true(seen.includes(name), name);
      const listed = asked.filter((url) => new URL(url).pathname === '/products' && url.includes('limit'));
      t.is(listed.length, 3, 'late names sort before the cursor: three pages of four, the last without a link');
      t.true(listed.slice(1).every((url) => new URL(url).searchParams.has('cursor') && !url.includes('offset')));
    },
  );

  test(title('waitForEvaluations and waitForLaunch return once scoring has ended'), async (t) => {
    const tenant = await createTenant(world());
    const fixture = await evaluationFixture(tenant.owner);
    const client = createAssayClient({ baseUrl: world().url, apiKey: tenant.owner.key ?? '' });
    const run = await client.api.POST('/runs', { body: { productId: fixture.product.id } });
    const runId = run.data?.id ?? '';
    const launched = await client.api.POST('/evaluations/fromSession', {
      body: { sessionId: fixture.sessions.a.id, runId },
    });
    t.is(launched.response.status, 201);
    const ids = (launched.data ?? []).map((evaluation) => evaluation.id);
    t.true(ids.length > 0);
    const scored = await client.waitForEvaluations(ids, { intervalMs: 50, timeoutMs: 30_000 });
    t.true(scored.every((evaluation) => evaluation.status !== 'PENDING'));
    t.true(scored.some((evaluation) => evaluation.status === 'SUCCESS'));
    const launchId = scored[0]?.launchId ?? '';
    const ended = await client.waitForLaunch(runId, launchId, { intervalMs: 50, timeoutMs: 30_000 });
    t.is(ended.launches.find((launch) => launch.id === launchId)?.status, 'COMPLETED');
  });
}
