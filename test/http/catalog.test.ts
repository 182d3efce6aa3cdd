import type { Wire } from '../../adapters/http/schemas/wire-names.ts';
import test from 'ava';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import type { Product } from '../../domain/catalog/product.ts';
import type { Specification } from '../../domain/catalog/specification.ts';
import { fieldNames } from '../support/field-names.ts';

const pathsOf = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

/** Two products, P and Q, and the first version of P. */
async function versionScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const other = (await owner.post('/products', { name: 'Q' })).body;
  const first = await owner.post('/versions', { productId: product.id, name: 'v1', systemPrompt: 'Be nice' });
  return { product, other, first };
}

/** Products P and Other, the specification "Refunds" of P and a test of P, not linked yet. */
async function specificationScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const other = (await owner.post('/products', { name: 'Other' })).body;
  const spec = await owner.post('/specifications', {
    productId: product.id,
    name: 'Refunds',
    description: 'Refunds within 30 days',
    type: 'CAPABILITY',
  });
  const dataset = (await owner.post('/tests', { productId: product.id, name: 'Refund questions' })).body;
  return { product, other, spec, dataset };
}

/** An LLM-judge metric "Polite" linked to a specification, described in place, then revised with a new prompt. */
async function revisionScene(owner: ApiClient) {
  const product = (await owner.post('/products', { name: 'P' })).body;
  const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
  const metric = (
    await owner.post('/metrics', { name: 'Polite', source: 'LLM_JUDGE', judgePrompt: 'Polite?', judgeModel: 'gpt-x' })
  ).body;
  await owner.post(`/specifications/${spec.id}/metrics`, { metricIds: [metric.id] });
  const described = await owner.patch(`/metrics/${metric.id}`, { description: 'Tone', tags: ['tone'] });
  const revised = await owner.post('/metrics', { parentMetricId: metric.id, judgePrompt: 'Is the answer polite?' });
  return { spec, metric, described, revised };
}

for (const { world, title } of await databaseWorlds(test)) {
  test(title('products: create, read, list, update, delete; names unique per organization'), async (t) => {
    const { owner } = await createTenant(world());
    const created = await owner.post('/products', {
      name: 'Support bot',
      description: 'Answers tickets',
      metadata: { team: 'care' },
    });
    t.is(created.status, 201);
    t.true(created.body.id.startsWith('product_'));
    t.deepEqual(
      Object.keys(created.body).sort(),
      fieldNames<Product, 'version'>()([
        'createdAt',
        'deletedAt',
        'description',
        'id',
        'metadata',
        'name',
        'organizationId',
      ]),
    );
    t.deepEqual(created.body.metadata, { team: 'care' });
    t.is((await owner.get(`/products/${created.body.id}`)).body.name, 'Support bot');
    const duplicate = await owner.post('/products', { name: 'Support bot' });
    t.is(duplicate.status, 409);
    t.is(duplicate.body.error, 'conflict');
    t.regex(duplicate.body.message, /named "Support bot" already exists/);
    const second = (await owner.post('/products', { name: 'Second bot' })).body;
    const renameClash = await owner.patch(`/products/${second.id}`, { name: 'Support bot' });
    t.is(renameClash.status, 409);
    t.regex(renameClash.body.message, /named "Support bot" already exists/);
    const renamed = await owner.patch(`/products/${created.body.id}`, { description: null });
    t.is(renamed.status, 200);
    t.is(renamed.body.description, null);
    t.is(renamed.body.name, 'Support bot');
    t.deepEqual(renamed.body.metadata, { team: 'care' });
    const list = await owner.get('/products', { name: 'Support bot' });
    t.deepEqual(
      list.body.map((item: { id: string }) => item.id),
      [created.body.id],
    );
    const deleted = await owner.delete(`/products/${created.body.id}`);
    t.is(deleted.status, 200);
    t.deepEqual(Object.keys(deleted.body).sort(), ['deletedAt', 'id']);
    t.is((await owner.get(`/products/${created.body.id}`)).status, 404);
    t.is((await owner.post('/products', { name: 'Support bot' })).status, 201, 'a deleted name is free again');
  });

  test(title('products: validation names the field; members cannot delete'), async (t) => {
    const { owner, member } = await createTenant(world());
    for (const [body, path] of [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x'.repeat(256) }, 'name'],
      [{ name: 'ok', colour: 'red' }, 'colour'],
      [{ name: 5 }, 'name'],
      [{ name: 'ok', metadata: 'text' }, 'metadata'],
    ] as const) {
      const response = await owner.post('/products', body);
      t.is(response.status, 400, JSON.stringify(body));
      t.is(response.body.error, 'invalid_input');
      t.true(
        response.body.issues.some((issue: { path: string }) => issue.path === path),
        JSON.stringify(response.body.issues),
      );
    }
    t.is((await owner.patch('/products/product_x', { name: null })).status, 400);
    t.is((await owner.get('/products', { sort: 'colour,asc' })).status, 400);
    const product = await member.post('/products', { name: 'By member' });
    t.is(product.status, 201);
    const refused = await member.delete(`/products/${product.body.id}`);
    t.is(refused.status, 403);
    t.is(refused.body.error, 'forbidden');
  });

  test(title('tenancy: another organization’s catalog records are 404 and cannot be touched'), async (t) => {
    const mine = await createTenant(world());
    const theirs = await createTenant(world());
    const product = (await theirs.owner.post('/products', { name: 'Theirs' })).body;
    const version = (await theirs.owner.post('/versions', { productId: product.id })).body;
    const specification = (await theirs.owner.post('/specifications', { productId: product.id, name: 'Spec' })).body;
    const metric = (await theirs.owner.post('/metrics', { name: 'Helpful', source: 'HUMAN' })).body;
    for (const path of [
      `/products/${product.id}`,
      `/versions/${version.id}`,
      `/specifications/${specification.id}`,
      `/metrics/${metric.id}`,
    ]) {
      t.is((await mine.owner.get(path)).status, 404, path);
      t.is((await mine.owner.patch(path, { name: 'Mine now' })).status, 404, path);
      t.is((await mine.owner.delete(path)).status, 404, path);
    }
    t.is((await mine.owner.post('/versions', { productId: product.id })).status, 404);
    t.is((await mine.owner.post('/specifications', { productId: product.id, name: 'x' })).status, 404);
    t.is(
      (await mine.owner.post(`/specifications/${specification.id}/metrics`, { metricIds: [metric.id] })).status,
      404,
    );
    const myProduct = (await mine.owner.post('/products', { name: 'Mine' })).body;
    const mySpec = (await mine.owner.post('/specifications', { productId: myProduct.id, name: 'Spec' })).body;
    const linkForeign = await mine.owner.post(`/specifications/${mySpec.id}/metrics`, { metricIds: [metric.id] });
    t.is(linkForeign.status, 404);
    t.deepEqual(
      (await mine.owner.get('/products')).body.map((item: { id: string }) => item.id),
      [myProduct.id],
    );
    t.deepEqual((await mine.owner.get('/versions')).body, []);
    t.deepEqual((await mine.owner.get('/metrics')).body, []);
    t.is((await theirs.owner.get(`/products/${product.id}`)).body.name, 'Theirs', 'untouched');
  });

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

  test(title('uniqueness holds under concurrent creates: one 201, one 409'), async (t) => {
    const { owner } = await createTenant(world());
    const products = await Promise.all([
      owner.post('/products', { name: 'Twin' }),
      owner.post('/products', { name: 'Twin' }),
    ]);
    t.deepEqual(products.map((response) => response.status).sort(), [201, 409]);
    const product = products.find((response) => response.status === 201)!.body;
    const spec = { productId: product.id, name: 'Any', description: 'Never reveal card numbers', type: 'POLICY' };
    const specs = await Promise.all(
      [
        { ...spec, name: 'One' },
        { ...spec, name: 'Two' },
      ].map((body) => owner.post('/specifications', body)),
    );
    t.deepEqual(
      specs.map((response) => response.status).sort(),
      [201, 409],
      'description and type are unique per product',
    );
    t.regex(
      specs.find((response) => response.status === 409)!.body.message,
      /POLICY specification with this description already exists/,
    );
    t.is(
      (await owner.post('/specifications', { ...spec, type: 'CAPABILITY' })).status,
      201,
      'same description, other type',
    );
    const metrics = await Promise.all([1, 2].map(() => owner.post('/metrics', { name: 'Same', source: 'HUMAN' })));
    t.deepEqual(metrics.map((response) => response.status).sort(), [201, 409]);
    const tests = await Promise.all(
      [1, 2].map(() => owner.post('/tests', { productId: product.id, name: 'Same', type: 'RED_TEAMING' })),
    );
    t.deepEqual(tests.map((response) => response.status).sort(), [201, 409], 'name and type are unique per product');
    t.is(tests.find((response) => response.status === 409)!.body.error, 'conflict');
    t.regex(
      tests.find((response) => response.status === 409)!.body.message,
      /RED_TEAMING test named "Same" already exists/,
    );
    t.is(
      (await owner.post('/tests', { productId: product.id, name: 'Same', type: 'SCENARIOS' })).status,
      201,
      'same name, other type',
    );
  });

  test(title('specifications: created with no links, showing the documented fields'), async (t) => {
    const { owner } = await createTenant(world());
    const { spec } = await specificationScene(owner);
    t.is(spec.status, 201);
    t.true(spec.body.id.startsWith('specification_'));
    t.deepEqual(
      Object.keys(spec.body).sort(),
      fieldNames<Wire<Specification>, 'descriptionKey' | 'version'>()([
        'createdAt',
        'deletedAt',
        'description',
        'id',
        'metricIds',
        'name',
        'organizationId',
        'productId',
        'testIds',
        'type',
      ]),
    );
    t.deepEqual(spec.body.metricIds, []);
    t.deepEqual(spec.body.testIds, []);
  });

  test(title('specifications: description and type are unique per product; type defaults to CAPABILITY'), async (t) => {
    const { owner } = await createTenant(world());
    const { product, other } = await specificationScene(owner);
    const twin = {
      productId: product.id,
      name: 'Refunds again',
      description: 'Refunds within 30 days',
      type: 'CAPABILITY',
    };
    t.is((await owner.post('/specifications', twin)).status, 409);
    t.is(
      (await owner.post('/specifications', { ...twin, productId: other.id })).status,
      201,
      'same description and type, other product',
    );
    const inability = (await owner.post('/specifications', { ...twin, type: 'INABILITY' })).body;
    const retyped = await owner.patch(`/specifications/${inability.id}`, { type: 'CAPABILITY' });
    t.is(retyped.status, 409, 'a PATCH onto a taken description and type');
    t.notRegex(retyped.body.message, /descriptionKey/);
    t.is((await owner.get('/specifications', { productIds: product.id, types: 'INABILITY' })).body.length, 1);
    t.is(
      (await owner.post('/specifications', { productId: product.id, name: 'Untyped' })).body.type,
      'CAPABILITY',
      'type defaults to CAPABILITY',
    );
  });

  test(title('specifications: metrics are linked once each, unknown ones refused, and unlinked'), async (t) => {
    const { owner } = await createTenant(world());
    const { spec } = await specificationScene(owner);
    const exact = (await owner.post('/metrics', { name: 'Exact', source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }))
      .body;
    const judge = (await owner.post('/metrics', { name: 'Judge', source: 'LLM_JUDGE', judgePrompt: 'Is it correct?' }))
      .body;
    const linked = await owner.post(`/specifications/${spec.body.id}/metrics`, {
      metricIds: [exact.id, judge.id, exact.id],
    });
    t.is(linked.status, 200);
    t.deepEqual(linked.body.metricIds, [exact.id, judge.id]);
    const unknown = await owner.post(`/specifications/${spec.body.id}/metrics`, { metricIds: ['metric_nope'] });
    t.is(unknown.status, 404);
    t.is((await owner.post(`/specifications/${spec.body.id}/metrics`, { metricIds: [] })).status, 400);
    const unlinked = await owner.delete(`/specifications/${spec.body.id}/metrics`, { metricIds: [exact.id] });
    t.is(unlinked.status, 200);
    t.deepEqual(unlinked.body.metricIds, [judge.id]);
  });

  test(title('specifications: a linked test points back at it; a test of another product is refused'), async (t) => {
    const { owner } = await createTenant(world());
    const { other, spec, dataset } = await specificationScene(owner);
    const foreignProductTest = (await owner.post('/tests', { productId: other.id, name: 'Elsewhere' })).body;
    const withTest = await owner.post(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    t.is(withTest.status, 200);
    t.deepEqual(withTest.body.testIds, [dataset.id]);
    t.is((await owner.get(`/tests/${dataset.id}`)).body.specificationId, spec.body.id);
    const wrongProduct = await owner.post(`/specifications/${spec.body.id}/tests`, {
      testIds: [foreignProductTest.id],
    });
    t.is(wrongProduct.status, 400);
    t.deepEqual(pathsOf(wrongProduct), ['testIds.0']);
  });

  test(title('specifications: linking a test linked elsewhere moves it, in both directions'), async (t) => {
    const { owner } = await createTenant(world());
    const { product, spec, dataset } = await specificationScene(owner);
    await owner.post(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    const second = (await owner.post('/specifications', { productId: product.id, name: 'Second' })).body;
    const movedHere = await owner.post(`/specifications/${second.id}/tests`, { testIds: [dataset.id] });
    t.is(movedHere.status, 200, 'linking a test linked elsewhere moves it');
    t.deepEqual(movedHere.body.testIds, [dataset.id]);
    t.deepEqual((await owner.get(`/specifications/${spec.body.id}`)).body.testIds, []);
    t.is((await owner.get(`/tests/${dataset.id}`)).body.specificationId, second.id);
    await owner.post(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    t.deepEqual((await owner.get(`/specifications/${second.id}`)).body.testIds, []);
  });

  test(title('specifications: unlinking a test clears its specification'), async (t) => {
    const { owner } = await createTenant(world());
    const { spec, dataset } = await specificationScene(owner);
    await owner.post(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    const without = await owner.delete(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    t.deepEqual(without.body.testIds, []);
    t.is((await owner.get(`/tests/${dataset.id}`)).body.specificationId, null);
  });

  test(title('specifications: deleting a specification unlinks its tests'), async (t) => {
    const { owner } = await createTenant(world());
    const { product, spec, dataset } = await specificationScene(owner);
    const kept = (await owner.post('/specifications', { productId: product.id, name: 'Kept' })).body;
    await owner.post(`/specifications/${spec.body.id}/tests`, { testIds: [dataset.id] });
    t.is((await owner.delete(`/specifications/${spec.body.id}`)).status, 200);
    t.is(
      (await owner.get(`/tests/${dataset.id}`)).body.specificationId,
      null,
      'deleting a specification unlinks its tests',
    );
    t.deepEqual(
      (await owner.get('/specifications', { productIds: product.id })).body.map((item: { id: string }) => item.id),
      [kept.id],
    );
  });

  test(title('concurrent link requests on one specification all land'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'P' })).body;
    const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
    const metrics = await Promise.all(
      [1, 2, 3, 4].map((n) => owner.post('/metrics', { name: `M${n}`, source: 'HUMAN' })),
    );
    const linked = await Promise.all(
      metrics.map((metric) => owner.post(`/specifications/${spec.id}/metrics`, { metricIds: [metric.body.id] })),
    );
    t.deepEqual(
      linked.map((response) => response.status),
      [200, 200, 200, 200],
    );
    const tests = await Promise.all(
      [1, 2, 3].map((n) => owner.post('/tests', { productId: product.id, name: `T${n}`, specificationId: spec.id })),
    );
    t.deepEqual(
      tests.map((response) => response.status),
      [201, 201, 201],
    );
    const stored = (await owner.get(`/specifications/${spec.id}`)).body;
    t.deepEqual([...stored.metricIds].sort(), metrics.map((metric) => metric.body.id).sort());
    t.deepEqual([...stored.testIds].sort(), tests.map((test) => test.body.id).sort());
  });

  /** One tenant's product, specification and HUMAN metric for the refused requests below, which write nothing. */
  let validationScene: Promise<{ owner: ApiClient; product: any; spec: any; metric: any }> | undefined;
  const refusalTarget = () =>
    (validationScene ??= (async () => {
      const { owner } = await createTenant(world());
      const product = (await owner.post('/products', { name: 'P' })).body;
      const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
      const metric = (await owner.post('/metrics', { name: 'M', source: 'HUMAN' })).body;
      return { owner, product, spec, metric };
    })());

  test(title('specifications: validation names the field'), async (t) => {
    const { owner, product, spec } = await refusalTarget();
    t.deepEqual(pathsOf(await owner.post('/specifications', { productId: product.id })), ['name']);
    t.deepEqual(pathsOf(await owner.post('/specifications', { name: 'x' })), ['productId']);
    t.deepEqual(pathsOf(await owner.post('/specifications', { productId: product.id, name: 'x', metricIds: [] })), [
      'metricIds',
    ]);
    t.deepEqual(pathsOf(await owner.patch(`/specifications/${spec.id}`, { name: '' })), ['name']);
    t.deepEqual(pathsOf(await owner.post('/specifications', { productId: product.id, name: 'x', type: 'WISH' })), [
      'type',
    ]);
    t.deepEqual(pathsOf(await owner.post('/specifications', { productId: product.id, name: 'x', description: '  ' })), [
      'description',
    ]);
    t.deepEqual(pathsOf(await owner.get('/specifications', { types: 'WISH' })), ['types.0']);
    t.deepEqual(pathsOf(await owner.post(`/specifications/${spec.id}/metrics`, { metricIds: 'metric_1' })), [
      'metricIds',
    ]);
    t.deepEqual(pathsOf(await owner.post(`/specifications/${spec.id}/tests`, {})), ['testIds']);
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

  test(title('metrics: disabledAt must be a timestamp'), async (t) => {
    const { owner, metric } = await refusalTarget();
    t.deepEqual(pathsOf(await owner.patch(`/metrics/${metric.id}`, { disabledAt: 'yes' })), ['disabledAt']);
  });

  test(
    title('metrics: each source gets the evaluation params it reads, and a revision family of its own'),
    async (t) => {
      const { owner } = await createTenant(world());
      const deterministic = await owner.post('/metrics', {
        name: 'Tools',
        source: 'DETERMINISTIC',
        algorithm: 'TOOL_CORRECTNESS',
        tags: ['agent'],
      });
      t.is(deterministic.status, 201);
      t.true(deterministic.body.id.startsWith('metric_'));
      t.deepEqual(deterministic.body.evaluationParams, ['toolsUsed', 'expectedTools']);
      t.is(deterministic.body.metricGroupId, deterministic.body.id);
      t.is(deterministic.body.parentMetricId, null);
      t.is(deterministic.body.legacyAt, null);
      t.is(deterministic.body.disabledAt, null);
      t.false('activeName' in deterministic.body);
      const judge = await owner.post('/metrics', {
        name: 'Faithful',
        source: 'LLM_JUDGE',
        judgePrompt: 'Grounded?',
        evaluationParams: ['input', 'actualOutput', 'retrievalContext'],
        judgeModel: 'gpt-x',
      });
      t.is(judge.status, 201);
      t.deepEqual(judge.body.evaluationParams, ['input', 'actualOutput', 'retrievalContext']);
    },
  );

  /** Metric definitions refused with 400, and the fields each refusal names. */
  const refusedMetrics: [string, Record<string, unknown>, string[]][] = [
    ['an LLM_JUDGE metric needs a prompt', { name: 'a', source: 'LLM_JUDGE' }, ['judgePrompt']],
    ['a DETERMINISTIC metric needs an algorithm', { name: 'b', source: 'DETERMINISTIC' }, ['algorithm']],
    ['an algorithm must be known', { name: 'c', source: 'DETERMINISTIC', algorithm: 'MAGIC' }, ['algorithm']],
    ['only DETERMINISTIC metrics have an algorithm', { name: 'd', source: 'HUMAN', algorithm: 'BLEU' }, ['algorithm']],
    [
      'an algorithm reads the params it needs',
      { name: 'e', source: 'DETERMINISTIC', algorithm: 'BLEU', evaluationParams: ['input'] },
      ['evaluationParams'],
    ],
    [
      'evaluation params must be known',
      { name: 'f', source: 'LLM_JUDGE', judgePrompt: 'x', evaluationParams: ['vibes'] },
      ['evaluationParams.0'],
    ],
    ['a source must be known', { name: 'g', source: 'ROBOT' }, ['source']],
    ['a metric needs a name', { source: 'HUMAN' }, ['name']],
  ];

  for (const [rule, body, paths] of refusedMetrics) {
    test(title(`metrics: ${rule}`), async (t) => {
      const { owner } = await refusalTarget();
      const response = await owner.post('/metrics', body);
      t.is(response.status, 400, JSON.stringify(body));
      t.is(response.body.error, 'invalid_input');
      t.deepEqual(pathsOf(response), paths, JSON.stringify(body));
    });
  }

  test(title('metrics: descriptive changes edit the revision in place'), async (t) => {
    const { owner } = await createTenant(world());
    const { metric, described } = await revisionScene(owner);
    t.is(described.status, 200);
    t.is(described.body.id, metric.id, 'descriptive changes stay in place');
    t.is(described.body.judgePrompt, 'Polite?');
  });

  test(
    title('metrics: a revision takes omitted fields from its parent, supersedes it and takes over its links'),
    async (t) => {
      const { owner } = await createTenant(world());
      const { spec, metric, revised } = await revisionScene(owner);
      t.is(revised.status, 201, JSON.stringify(revised.body));
      t.not(revised.body.id, metric.id);
      t.is(revised.body.parentMetricId, metric.id);
      t.is(revised.body.metricGroupId, metric.id);
      t.is(revised.body.name, 'Polite', 'omitted fields come from the parent');
      t.is(revised.body.description, 'Tone');
      t.is(revised.body.judgeModel, 'gpt-x');
      t.is(revised.body.judgePrompt, 'Is the answer polite?');
      const old = await owner.get(`/metrics/${metric.id}`);
      t.truthy(old.body.legacyAt);
      t.is(old.body.judgePrompt, 'Polite?');
      t.deepEqual(
        (await owner.get(`/specifications/${spec.id}`)).body.metricIds,
        [revised.body.id],
        'links move to the new head',
      );
    },
  );

  test(title('metrics: a superseded revision is frozen: no second revision, no change, no new link'), async (t) => {
    const { owner } = await createTenant(world());
    const { spec, metric } = await revisionScene(owner);
    const again = await owner.post('/metrics', { parentMetricId: metric.id, judgePrompt: 'again' });
    t.is(again.status, 409, 'a legacy parent cannot be revised again');
    t.is((await owner.post('/metrics', { parentMetricId: 'metric_nope' })).status, 404);
    t.is((await owner.patch(`/metrics/${metric.id}`, { description: 'x' })).status, 409, 'a legacy revision is frozen');
    t.is((await owner.post(`/specifications/${spec.id}/metrics`, { metricIds: [metric.id] })).status, 400);
  });

  test(title('metrics: lists show superseded revisions unless includeLegacy is false'), async (t) => {
    const { owner } = await createTenant(world());
    const { metric, revised } = await revisionScene(owner);
    t.deepEqual(
      (await owner.get('/metrics', { sort: 'createdAt,asc' })).body.map((item: { id: string }) => item.id),
      [metric.id, revised.body.id],
      'includeLegacy defaults to true',
    );
    t.deepEqual(
      (await owner.get('/metrics', { includeLegacy: false })).body.map((item: { id: string }) => item.id),
      [revised.body.id],
    );
    t.is((await owner.get('/metrics', { metricGroupIds: metric.id })).body.length, 2);
  });

  test(title('metrics: disabledAt is set and cleared in place'), async (t) => {
    const { owner } = await createTenant(world());
    const { revised } = await revisionScene(owner);
    const disabled = await owner.patch(`/metrics/${revised.body.id}`, { disabledAt: '2026-03-01T10:00:00Z' });
    t.is(disabled.body.disabledAt, '2026-03-01T10:00:00.000Z');
    t.is(disabled.body.id, revised.body.id);
    t.is((await owner.patch(`/metrics/${revised.body.id}`, { disabledAt: null })).body.disabledAt, null);
  });

  test(title("metrics: a live head's name is taken, and the conflict names it"), async (t) => {
    const { owner } = await createTenant(world());
    await revisionScene(owner);
    const other = (await owner.post('/metrics', { name: 'Other', source: 'HUMAN' })).body;
    const clash = await owner.patch(`/metrics/${other.id}`, { name: 'Polite' });
    t.is(clash.status, 409, 'a live head’s name is taken');
    t.regex(clash.body.message, /metric named "Polite" already exists/);
    t.notRegex(clash.body.message, /activeName/);
  });

  test(
    title('metrics: a revision may change the source; deleting the head unlinks it and frees its name'),
    async (t) => {
      const { owner } = await createTenant(world());
      const { spec, revised } = await revisionScene(owner);
      const sourceChange = await owner.post('/metrics', {
        parentMetricId: revised.body.id,
        source: 'DETERMINISTIC',
        algorithm: 'EXACT_MATCH',
      });
      t.is(sourceChange.status, 201, JSON.stringify(sourceChange.body));
      t.is(sourceChange.body.judgePrompt, null);
      t.is((await owner.delete(`/metrics/${sourceChange.body.id}`)).status, 200);
      t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.metricIds, []);
      t.is(
        (await owner.post('/metrics', { name: 'Polite', source: 'HUMAN' })).status,
        201,
        'the name is free once deleted',
      );
    },
  );

  test(title('metrics: two parallel revisions of one parent: one 201, one 409'), async (t) => {
    const { owner } = await createTenant(world());
    const metric = (await owner.post('/metrics', { name: 'Exact', source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }))
      .body;
    const revisions = await Promise.all(
      ['BLEU', 'ROUGE_L'].map((algorithm) => owner.post('/metrics', { parentMetricId: metric.id, algorithm })),
    );
    t.deepEqual(
      revisions.map((response) => response.status).sort(),
      [201, 409],
      JSON.stringify(revisions.map((response) => response.body)),
    );
    t.is((await owner.get('/metrics', { includeLegacy: false })).body.length, 1);
  });

  test(title('deleting a product removes its versions, specifications, tests and test cases'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'Doomed' })).body;
    const version = (await owner.post('/versions', { productId: product.id })).body;
    const spec = (await owner.post('/specifications', { productId: product.id, name: 'S' })).body;
    const dataset = (await owner.post('/tests', { productId: product.id, name: 'T', specificationId: spec.id })).body;
    const testCase = (await owner.post('/testCases', { testId: dataset.id, input: 'Hello' })).body;
    t.is((await owner.delete(`/products/${product.id}`)).status, 200);
    for (const path of [
      `/versions/${version.id}`,
      `/specifications/${spec.id}`,
      `/tests/${dataset.id}`,
      `/testCases/${testCase.id}`,
    ]) {
      t.is((await owner.get(path)).status, 404, path);
    }
  });
}
