import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import type { Product } from '../../domain/catalog/product.ts';
import { fieldNames } from '../support/field-names.ts';

// Products: their life, validation, tenancy, uniqueness under concurrency and the cascade of a delete.

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
