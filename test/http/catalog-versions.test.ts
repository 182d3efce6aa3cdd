import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { pathsOf, refusalTargetIn, versionScene } from '../support/catalog-scenes.ts';

// Versions: numbering, parents, endpoint connections and validation.

for (const { world, title } of await databaseWorlds(test)) {
  const refusalTarget = refusalTargetIn(world);

  test(title('versions: the first version of a product is number 1, with no parent and no connection'), async (t) => {
    const { owner } = await createTenant(world());
    const { first } = await versionScene(owner);
    t.is(first.status, 201);
    t.true(first.body.id.startsWith('version_'));
    t.is(first.body.number, 1);
    t.is(first.body.parentVersionId, null);
    t.is(first.body.conversationEndpointConnectionId, null);
  });

  test(title('versions: numbered per product from 1, a deleted number never reused'), async (t) => {
    const { owner } = await createTenant(world());
    const { product, other, first } = await versionScene(owner);
    const second = await owner.post('/versions', { productId: product.id, parentVersionId: first.body.id });
    t.is(second.body.number, 2);
    t.is(second.body.parentVersionId, first.body.id);
    t.is((await owner.post('/versions', { productId: other.id })).body.number, 1);
    await owner.delete(`/versions/${second.body.id}`);
    t.is((await owner.post('/versions', { productId: product.id })).body.number, 3, 'a deleted number is not reused');
    const listed = await owner.get('/versions', { productIds: product.id, sort: 'number,asc' });
    t.deepEqual(
      listed.body.map((item: { number: number }) => item.number),
      [1, 3],
    );
    t.deepEqual((await owner.get('/versions', { productIds: [product.id, other.id] })).body.length, 3);
  });

  test(title('versions: the parent must be of the same product; productId is required'), async (t) => {
    const { owner } = await createTenant(world());
    const { other, first } = await versionScene(owner);
    const wrongParent = await owner.post('/versions', { productId: other.id, parentVersionId: first.body.id });
    t.is(wrongParent.status, 400);
    t.deepEqual(pathsOf(wrongParent), ['parentVersionId']);
    const missing = await owner.post('/versions', {});
    t.is(missing.status, 400);
    t.deepEqual(pathsOf(missing), ['productId']);
  });

  test(title('versions: PATCH changes name and system prompt, never the number'), async (t) => {
    const { owner } = await createTenant(world());
    const { first } = await versionScene(owner);
    const patched = await owner.patch(`/versions/${first.body.id}`, { systemPrompt: null, name: 'first' });
    t.is(patched.body.systemPrompt, null);
    t.is(patched.body.name, 'first');
    t.is((await owner.patch(`/versions/${first.body.id}`, { number: 9 })).status, 400);
  });

  test(title('versions: a conversation endpoint connection is stored, read back and cleared'), async (t) => {
    const { owner } = await createTenant(world());
    const { other } = await versionScene(owner);
    const connection = (await owner.post('/endpointConnections', { name: 'Bot', url: 'https://bot.example' })).body;
    const connected = await owner.post('/versions', {
      productId: other.id,
      conversationEndpointConnectionId: connection.id,
    });
    t.is(connected.body.conversationEndpointConnectionId, connection.id);
    t.is((await owner.get(`/versions/${connected.body.id}`)).body.conversationEndpointConnectionId, connection.id);
    t.is(
      (await owner.patch(`/versions/${connected.body.id}`, { conversationEndpointConnectionId: null })).body
        .conversationEndpointConnectionId,
      null,
    );
  });

  test(title('versions: parallel creates on one product get distinct numbers'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'Busy' })).body;
    const created = await Promise.all(
      Array.from({ length: 8 }, () => owner.post('/versions', { productId: product.id })),
    );
    t.true(
      created.every((response) => response.status === 201),
      JSON.stringify(created.map((response) => response.body)),
    );
    t.deepEqual(
      created.map((response) => response.body.number).sort((a, b) => a - b),
      [1, 2, 3, 4, 5, 6, 7, 8],
    );
  });

  test(title('versions: validation names the field'), async (t) => {
    const { owner, product } = await refusalTarget();
    t.deepEqual(pathsOf(await owner.post('/versions', { productId: product.id, name: 'x'.repeat(300) })), ['name']);
    t.deepEqual(pathsOf(await owner.post('/versions', { productId: product.id, systemPrompt: 5 })), ['systemPrompt']);
    t.deepEqual(pathsOf(await owner.get('/versions', { numbers: 'one' })), ['numbers.0']);
  });

  for (const field of ['source', 'judgePrompt', 'evaluationParams', 'judgeModel', 'algorithm', 'userGroupIds']) {
    test(
      title(`metrics: PATCH never changes ${field}, and a refused change leaves the metric as it was`),
      async (t) => {
        const { owner, metric } = await refusalTarget();
        const refused = await owner.patch(`/metrics/${metric.id}`, { [field]: null });
        t.is(refused.status, 400, field);
        t.deepEqual(pathsOf(refused), [field], `PATCH never changes ${field}`);
        t.regex(refused.body.message, new RegExp(field));
        t.is(
          (await owner.get(`/metrics/${metric.id}`)).body.source,
          'HUMAN',
          'a refused change leaves the metric as it was',
        );
      },
    );
  }
}
