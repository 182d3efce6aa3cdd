import type { Wire } from '../../adapters/http/schemas/wire-names.ts';
import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import type { Specification } from '../../domain/catalog/specification.ts';
import { fieldNames } from '../support/field-names.ts';
import { pathsOf, refusalTargetIn, specificationScene } from '../support/catalog-scenes.ts';

// Specifications: fields, uniqueness, links to metrics and tests (both directions), validation.

for (const { world, title } of await databaseWorlds(test)) {
  const refusalTarget = refusalTargetIn(world);

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
}
