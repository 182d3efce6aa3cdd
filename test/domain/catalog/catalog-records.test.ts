import test from 'ava';
import { assertMayDeleteProduct, createProduct, updateProduct } from '../../../domain/catalog/product.ts';
import {
  createSpecification,
  linkMetrics,
  linkTests,
  replaceMetric,
  unlinkMetrics,
  unlinkTests,
  updateSpecification,
} from '../../../domain/catalog/specification.ts';
import { createVersion, updateVersion } from '../../../domain/catalog/version.ts';
import { Forbidden, InvalidInput } from '../../../domain/errors.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const paths = (error: unknown) => (error as InvalidInput).issues.map((issue) => issue.path);

test('products: names are trimmed and required; PATCH keeps omitted fields and clears nulls', (t) => {
  const product = createProduct('product_1', 'org_1', { name: '  Bot ', description: 'd' }, NOW);
  t.is(product.name, 'Bot');
  t.deepEqual(paths(t.throws(() => createProduct('p', 'o', { name: '' }, NOW))), ['name']);
  t.deepEqual(paths(t.throws(() => updateProduct(product, { name: null as never }))), ['name']);
  const cleared = updateProduct(product, { description: null });
  t.is(cleared.description, null);
  t.is(cleared.name, 'Bot');
});

test('products: only owners and admins delete', (t) => {
  t.throws(() => assertMayDeleteProduct({ userId: 'u', organizationId: 'o', role: 'MEMBER', apiKeyId: null }), {
    instanceOf: Forbidden,
  });
  t.notThrows(() => assertMayDeleteProduct({ userId: 'u', organizationId: 'o', role: 'OWNER', apiKeyId: null }));
});

test('versions: a number from 1, a parent of the same product', (t) => {
  const first = createVersion('version_1', 'org_1', { productId: 'product_1', name: 'v1' }, 1, null, NOW);
  t.is(first.number, 1);
  t.is(first.parentVersionId, null);
  const child = createVersion(
    'version_2',
    'org_1',
    { productId: 'product_1', parentVersionId: first.id },
    2,
    first,
    NOW,
  );
  t.is(child.parentVersionId, first.id);
  t.deepEqual(
    paths(
      t.throws(() => createVersion('v', 'o', { productId: 'product_2', parentVersionId: first.id }, 1, first, NOW)),
    ),
    ['parentVersionId'],
  );
  t.deepEqual(paths(t.throws(() => createVersion('v', 'o', { productId: 'product_1' }, 0, null, NOW))), ['number']);
  t.is(updateVersion(first, { name: null }).name, null);
});

test('specifications: links are deduplicated, removable, and follow metric revisions', (t) => {
  const specification = createSpecification('specification_1', 'org_1', { productId: 'product_1', name: 'S' }, NOW);
  const linked = linkMetrics(specification, [
    { id: 'metric_a', legacyAt: null },
    { id: 'metric_b', legacyAt: null },
    { id: 'metric_a', legacyAt: null },
  ]);
  t.deepEqual(linked.metricIds, ['metric_a', 'metric_b']);
  t.deepEqual(unlinkMetrics(linked, ['metric_a', 'metric_z']).metricIds, ['metric_b']);
  t.deepEqual(replaceMetric(linked, 'metric_a', 'metric_c').metricIds, ['metric_c', 'metric_b']);
  t.deepEqual(paths(t.throws(() => linkMetrics(specification, [{ id: 'metric_old', legacyAt: NOW }]))), [
    'metricIds.0',
  ]);
  const withTests = linkTests(specification, ['test_1', 'test_1', 'test_2']);
  t.deepEqual(withTests.testIds, ['test_1', 'test_2']);
  t.deepEqual(unlinkTests(withTests, ['test_1']).testIds, ['test_2']);
});

test('specifications: a type (default CAPABILITY) and a description key that ignores surrounding spaces', (t) => {
  const base = { productId: 'product_1', name: 'S' };
  const plain = createSpecification('specification_1', 'org_1', base, NOW);
  t.is(plain.type, 'CAPABILITY');
  t.is(plain.descriptionKey, null, 'no description, no uniqueness');
  const policy = createSpecification(
    'specification_2',
    'org_1',
    { ...base, type: 'POLICY', description: 'Never share card numbers' },
    NOW,
  );
  const again = createSpecification(
    'specification_3',
    'org_1',
    { ...base, type: 'INABILITY', description: ' Never share card numbers ' },
    NOW,
  );
  t.is(policy.descriptionKey, again.descriptionKey);
  t.not(
    policy.descriptionKey,
    createSpecification('s', 'o', { ...base, description: 'Never share card numbers!' }, NOW).descriptionKey,
  );
  t.true(policy.descriptionKey!.length < 40, 'the key stays short whatever the description');
  t.is(updateSpecification(policy, { description: null }).descriptionKey, null);
  t.deepEqual(
    paths(t.throws(() => createSpecification('s', 'o', { ...base, type: 'WISH' as never, description: ' ' }, NOW))),
    ['description', 'type'],
  );
});

test('products: metadata is a free-form object', (t) => {
  t.deepEqual(createProduct('p', 'o', { name: 'P', metadata: { team: 'care' } }, NOW).metadata, { team: 'care' });
  t.deepEqual(paths(t.throws(() => createProduct('p', 'o', { name: 'P', metadata: [] as never }, NOW))), ['metadata']);
});
