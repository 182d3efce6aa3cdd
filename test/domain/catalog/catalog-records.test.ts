import test from 'ava';
import { assertMayDeleteProduct, createProduct, updateProduct } from '../../../domain/catalog/product.ts';
import {
  createSpecification,
  linkMetrics,
  linkDatasets,
  replaceMetric,
  unlinkMetrics,
  unlinkDatasets,
  updateSpecification,
} from '../../../domain/catalog/specification.ts';
import { createVersion, updateVersion } from '../../../domain/catalog/version.ts';
import { Forbidden, type InvalidInput } from '../../../domain/errors.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const paths = (error: unknown) => (error as InvalidInput).issues.map((issue) => issue.path);

test('products: names are trimmed and required; PATCH keeps omitted fields and clears nulls', (t) => {
  const product = createProduct(
    { name: '  Bot ', description: 'd' },
    { id: 'product_1', organizationId: 'org_1', now: NOW },
  );
  t.is(product.name, 'Bot');
  t.deepEqual(paths(t.throws(() => createProduct({ name: '' }, { id: 'p', organizationId: 'o', now: NOW }))), ['name']);
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
  const first = createVersion(
    { productId: 'product_1', name: 'v1' },
    { id: 'version_1', organizationId: 'org_1', now: NOW, number: 1, parent: null },
  );
  t.is(first.number, 1);
  t.is(first.parentVersionId, null);
  const child = createVersion(
    { productId: 'product_1', parentVersionId: first.id },
    { id: 'version_2', organizationId: 'org_1', now: NOW, number: 2, parent: first },
  );
  t.is(child.parentVersionId, first.id);
  t.deepEqual(
    paths(
      t.throws(() =>
        createVersion(
          { productId: 'product_2', parentVersionId: first.id },
          { id: 'v', organizationId: 'o', now: NOW, number: 1, parent: first },
        ),
      ),
    ),
    ['parentVersionId'],
  );
  t.deepEqual(
    paths(
      t.throws(() =>
        createVersion({ productId: 'product_1' }, { id: 'v', organizationId: 'o', now: NOW, number: 0, parent: null }),
      ),
    ),
    ['number'],
  );
  t.is(updateVersion(first, { name: null }).name, null);
});

test('specifications: links are deduplicated, removable, and follow metric revisions', (t) => {
  const specification = createSpecification(
    { productId: 'product_1', name: 'S' },
    { id: 'specification_1', organizationId: 'org_1', now: NOW },
  );
  const linked = linkMetrics(specification, [
    { id: 'metric_a', legacyAt: null },
    { id: 'metric_b', legacyAt: null },
    { id: 'metric_a', legacyAt: null },
  ]);
  t.deepEqual(linked.metricIds, ['metric_a', 'metric_b']);
  t.deepEqual(unlinkMetrics(linked, ['metric_a', 'metric_z']).metricIds, ['metric_b']);
  t.deepEqual(replaceMetric(linked, { from: 'metric_a', to: 'metric_c' }).metricIds, ['metric_c', 'metric_b']);
  t.deepEqual(paths(t.throws(() => linkMetrics(specification, [{ id: 'metric_old', legacyAt: NOW }]))), [
    'metricIds.0',
  ]);
  const withTests = linkDatasets(specification, ['test_1', 'test_1', 'test_2']);
  t.deepEqual(withTests.datasetIds, ['test_1', 'test_2']);
  t.deepEqual(unlinkDatasets(withTests, ['test_1']).datasetIds, ['test_2']);
});

test('specifications: a type (default CAPABILITY) and a description key that ignores surrounding spaces', (t) => {
  const base = { productId: 'product_1', name: 'S' };
  const plain = createSpecification(base, { id: 'specification_1', organizationId: 'org_1', now: NOW });
  t.is(plain.type, 'CAPABILITY');
  t.is(plain.descriptionKey, null, 'no description, no uniqueness');
  const policy = createSpecification(
    { ...base, type: 'POLICY', description: 'Never share card numbers' },
    { id: 'specification_2', organizationId: 'org_1', now: NOW },
  );
  const again = createSpecification(
    { ...base, type: 'INABILITY', description: ' Never share card numbers ' },
    { id: 'specification_3', organizationId: 'org_1', now: NOW },
  );
  t.is(policy.descriptionKey, again.descriptionKey);
  t.not(
    policy.descriptionKey,
    createSpecification(
      { ...base, description: 'Never share card numbers!' },
      { id: 's', organizationId: 'o', now: NOW },
    ).descriptionKey,
  );
  t.true(policy.descriptionKey!.length < 40, 'the key stays short whatever the description');
  t.is(updateSpecification(policy, { description: null }).descriptionKey, null);
  t.deepEqual(
    paths(
      t.throws(() =>
        createSpecification(
          { ...base, type: 'WISH' as never, description: ' ' },
          { id: 's', organizationId: 'o', now: NOW },
        ),
      ),
    ),
    ['description', 'type'],
  );
});

test('products: metadata is a free-form object', (t) => {
  t.deepEqual(
    createProduct({ name: 'P', metadata: { team: 'care' } }, { id: 'p', organizationId: 'o', now: NOW }).metadata,
    { team: 'care' },
  );
  t.deepEqual(
    paths(
      t.throws(() => createProduct({ name: 'P', metadata: [] as never }, { id: 'p', organizationId: 'o', now: NOW })),
    ),
    ['metadata'],
  );
});
