import test from 'ava';
import { connect, type Socket } from 'node:net';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant, httpDatabases, startWorld } from '../support/http-world.ts';

/** A session with one inference result of the tenant, for its spans to hang on. */
async function traceTarget(owner: ApiClient): Promise<string> {
  const product = (await owner.post('/products', { name: `Bounded ${Math.random()}` })).body;
  const version = (await owner.post('/versions', { productId: product.id, name: 'v1' })).body;
  const session = (await owner.post('/sessions', { versionId: version.id })).body;
  return (await owner.post('/inferenceResults', { sessionId: session.id, input: 'hi', output: 'there' })).body.id;
}

const batch = (inferenceResultId: string, label: string) => ({
  traces: Array.from({ length: 20 }, (_, index) => ({
    id: `trace_${label}_${index}`,
    inferenceResultId,
    name: 'step',
    outputData: 'x'.repeat(300),
  })),
});

/** Opens a request whose body is declared but only half sent: it holds its share of the body budget until closed. */
async function halfSentBody(url: string, key: string): Promise<Socket> {
  const { hostname, port } = new URL(url);
  const socket = connect(Number(port), hostname);
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'POST /traces/batch HTTP/1.1\r\n' +
      `Host: ${hostname}\r\nAuthorization: Bearer ${key}\r\n` +
      'Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{"traces": [',
  );
  return socket;
}

for (const database of await httpDatabases()) {
  test(`[${database}] a small body budget queues span batches of two tenants, stores every one`, async (t) => {
    const world = await startWorld(database, { HTTP_BODY_BYTES_IN_FLIGHT: 1024 });
    try {
      const tenants = await Promise.all([createTenant(world), createTenant(world)]);
      const targets = await Promise.all(tenants.map((tenant) => traceTarget(tenant.owner)));
      const sends = tenants.flatMap((tenant, which) =>
        Array.from({ length: 8 }, (_, index) =>
          tenant.owner.post('/traces/batch', batch(targets[which] as string, `t${which}b${index}`), {
            query: { return: 'minimal' },
          }),
        ),
      );
      const answers = await Promise.all(sends);
      t.deepEqual(
        answers.map((answer) => answer.status),
        sends.map(() => 201),
      );
      for (const [which, tenant] of tenants.entries()) {
        const stored = await tenant.owner.get('/traces', { inferenceResultIds: targets[which], limit: 1000 });
        t.is(stored.body.length, 160, 'every acknowledged span of the tenant is stored, and only its own');
      }
    } finally {
      await world.close();
    }
  });
}

test('a body kept waiting past HTTP_BODY_WAIT_MS is answered 503 with Retry-After; room comes back when the holder goes', async (t) => {
  // One large body at a time: both bodies here exceed the 1 KiB budget.
  const world = await startWorld('memory', {
    HTTP_BODY_BYTES_IN_FLIGHT: 1024,
    HTTP_LARGE_BODIES_IN_FLIGHT: 1,
    HTTP_BODY_WAIT_MS: 200,
  });
  try {
    const { owner } = await createTenant(world);
    const target = await traceTarget(owner);
    const holder = await halfSentBody(world.url, owner.key as string);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const refused = await owner.post('/traces/batch', batch(target, 'refused'));
    t.is(refused.status, 503);
    t.is(refused.headers.get('retry-after'), '1');
    t.is(refused.body.error, 'unavailable');
    t.regex(refused.body.message, /busy/);
    t.is((await owner.get('/products')).status, 200, 'requests without a body are not queued');
    holder.destroy();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const accepted = await owner.post('/traces/batch', batch(target, 'accepted'));
    t.is(accepted.status, 201, 'the abandoned request gave its room back');
  } finally {
    await world.close();
  }
});
