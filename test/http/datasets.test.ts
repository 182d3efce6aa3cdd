import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { issuePaths as paths, productWithTest, testScene } from '../support/dataset-scenes.ts';

// Tests (datasets): their fields, uniqueness, links to specifications, deletion, validation and tenancy.
for (const { world, title } of await databaseWorlds(test)) {
  test(title('tests: created with its fields, by its creator, and linked from its specification'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { spec, created } = await testScene(tenant);
    t.is(created.status, 201, JSON.stringify(created.body));
    t.true(created.body.id.startsWith('test_'));
    t.is(created.body.specificationId, spec.id);
    t.is(created.body.userId, tenant.ownerId);
    t.is(created.body.type, 'QUALITY', 'type defaults to QUALITY');
    t.deepEqual(created.body.metadata, { owner: 'qa' });
    t.deepEqual([created.body.backgroundNoiseProfile, created.body.backgroundNoiseLevel], ['office', 'medium']);
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, [created.body.id]);
  });

  test(title('tests: name and type are unique per product'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { product } = await testScene(tenant);
    t.is((await owner.post('/tests', { productId: product.id, name: 'Refunds' })).status, 409);
    const redTeam = await owner.post('/tests', { productId: product.id, name: 'Refunds', type: 'RED_TEAMING' });
    t.is(redTeam.status, 201, 'same name, other type');
    const retyped = await owner.patch(`/tests/${redTeam.body.id}`, { type: 'QUALITY' });
    t.is(retyped.status, 409);
    t.regex(retyped.body.message, /QUALITY test named "Refunds" already exists/);
    t.deepEqual(
      (await owner.get('/tests', { types: 'RED_TEAMING' })).body.map((item: { id: string }) => item.id),
      [redTeam.body.id],
    );
  });

  test(title('tests: moving a test to no specification unlinks it'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { product, spec, created } = await testScene(tenant);
    const moved = await owner.patch(`/tests/${created.body.id}`, {
      specificationId: null,
      description: 'All refund cases',
    });
    t.is(moved.status, 200);
    t.is(moved.body.specificationId, null);
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, []);
    const listed = await owner.get('/tests', { productIds: product.id });
    t.deepEqual(
      listed.body.map((item: { id: string }) => item.id),
      [created.body.id],
    );
  });

  test(title('tests: deleting a test deletes its test cases and unlinks it'), async (t) => {
    const tenant = await createTenant(world());
    const { owner } = tenant;
    const { spec, created } = await testScene(tenant);
    await owner.patch(`/tests/${created.body.id}`, { specificationId: null });
    await owner.patch(`/tests/${created.body.id}`, { specificationId: spec.id });
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, [created.body.id], 'linked again');
    const testCase = (await owner.post('/testCases', { testId: created.body.id, input: 'Hi' })).body;
    const deleted = await owner.delete(`/tests/${created.body.id}`);
    t.is(deleted.status, 200);
    t.is((await owner.get(`/tests/${created.body.id}`)).status, 404);
    t.is((await owner.get(`/testCases/${testCase.id}`)).status, 404, 'its test cases go with it');
    t.deepEqual((await owner.get(`/specifications/${spec.id}`)).body.testIds, []);
  });

  test(title('tests: validation names the field'), async (t) => {
    const { owner } = await createTenant(world());
    const product = (await owner.post('/products', { name: 'P' })).body;
    const other = (await owner.post('/products', { name: 'Q' })).body;
    const otherSpec = (await owner.post('/specifications', { productId: other.id, name: 'S' })).body;
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id })), ['name']);
    t.deepEqual(paths(await owner.post('/tests', { name: 'x' })), ['productId']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: ' ' })), ['name']);
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', specificationId: otherSpec.id })),
      ['specificationId'],
    );
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', size: 3 })), ['size']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', type: 'FUN' })), ['type']);
    t.deepEqual(paths(await owner.post('/tests', { productId: product.id, name: 'x', metadata: [1] })), ['metadata']);
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', backgroundNoiseProfile: 'car' })),
      ['backgroundNoiseLevel'],
    );
    t.deepEqual(
      paths(await owner.post('/tests', { productId: product.id, name: 'x', backgroundNoiseLevel: 'heavy' })),
      ['backgroundNoiseProfile'],
    );
    t.is((await owner.post('/tests', { productId: 'product_missing', name: 'x' })).status, 404);
  });

  test(title('tenancy: another organization’s tests and test cases are 404 and cannot be touched'), async (t) => {
    const mine = await createTenant(world());
    const theirs = await createTenant(world());
    const { product, dataset } = await productWithTest(theirs);
    const testCase = (await theirs.owner.post('/testCases', { testId: dataset.id, input: 'secret' })).body;
    for (const [path, change] of [
      [`/tests/${dataset.id}`, { description: 'mine' }],
      [`/testCases/${testCase.id}`, { expectedOutput: 'x' }],
    ] as const) {
      t.is((await mine.owner.get(path)).status, 404, path);
      t.is((await mine.owner.patch(path, change)).status, 404, path);
      t.is((await mine.owner.delete(path)).status, 404, path);
    }
    t.is((await mine.owner.post('/tests', { productId: product.id, name: 'x' })).status, 404);
    t.is((await mine.owner.post('/testCases', { testId: dataset.id, input: 'x' })).status, 404);
    t.deepEqual((await mine.owner.get('/tests')).body, []);
    t.deepEqual((await mine.owner.get('/testCases', { testIds: dataset.id })).body, []);
    const mySet = await productWithTest(mine);
    const sourced = await mine.owner.post('/testCases', {
      testId: mySet.dataset.id,
      input: 'x',
      sourceTestCaseId: testCase.id,
    });
    t.is(sourced.status, 404);
    const myCase = (await mine.owner.post('/testCases', { testId: mySet.dataset.id, input: 'x' })).body;
    t.is(
      (await mine.owner.patch(`/testCases/${myCase.id}`, { reviewedById: theirs.ownerId })).status,
      404,
      'a reviewer of another organization',
    );
    t.is((await theirs.owner.get(`/testCases/${testCase.id}`)).body.input.user_message, 'secret', 'untouched');
  });
}
