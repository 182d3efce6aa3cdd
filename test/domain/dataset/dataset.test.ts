import test from 'ava';
import { attachToSpecification, createDataset, updateDataset } from '../../../domain/dataset/dataset.ts';
import { createTestCase, type NewTestCase } from '../../../domain/dataset/test-case.ts';
import type { InvalidInput } from '../../../domain/errors.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const _LATER = '2026-01-02T00:00:00.000Z';
const _make = (input: Partial<NewTestCase>) =>
  createTestCase(
    { datasetId: 'test_1', input: 'Hi', ...input },
    { id: 'testCase_1', organizationId: 'org_1', userId: 'user_1', now: NOW },
  );
const paths = (error: unknown) => (error as InvalidInput).issues.map((issue) => issue.path);

test('a test links only to a specification of its own product; linking it elsewhere moves it', (t) => {
  const dataset = createDataset(
    { productId: 'product_1', name: 'T' },
    { id: 'test_1', organizationId: 'org_1', userId: 'user_1', now: NOW, specificationProductId: null },
  );
  t.deepEqual(
    paths(
      t.throws(() =>
        createDataset(
          { productId: 'product_1', name: 'T', specificationId: 's' },
          { id: 'test_2', organizationId: 'org_1', userId: 'user_1', now: NOW, specificationProductId: 'product_2' },
        ),
      ),
    ),
    ['specificationId'],
  );
  const attached = attachToSpecification(dataset, { id: 'specification_1', productId: 'product_1' }, 'datasetIds.0');
  t.is(attached.dataset.specificationId, 'specification_1');
  t.is(attached.previousSpecificationId, null);
  t.deepEqual(
    paths(
      t.throws(() => attachToSpecification(dataset, { id: 'specification_2', productId: 'product_9' }, 'datasetIds.3')),
    ),
    ['datasetIds.3'],
  );
  const moved = attachToSpecification(
    attached.dataset,
    { id: 'specification_2', productId: 'product_1' },
    'datasetIds.0',
  );
  t.is(moved.dataset.specificationId, 'specification_2', 'linking moves the test');
  t.is(moved.previousSpecificationId, 'specification_1');
});

test('datasets: a type (default QUALITY), metadata, and noise profile and level together', (t) => {
  const base = { productId: 'product_1', name: 'T' };
  const dataset = createDataset(
    { ...base, metadata: { owner: 'qa' }, backgroundNoiseProfile: 'office', backgroundNoiseLevel: 'light' },
    { id: 'test_1', organizationId: 'org_1', userId: 'user_1', now: NOW, specificationProductId: null },
  );
  t.is(dataset.type, 'QUALITY');
  t.deepEqual(dataset.metadata, { owner: 'qa' });
  t.deepEqual(
    paths(
      t.throws(() =>
        createDataset(
          { ...base, backgroundNoiseProfile: 'car' },
          { id: 't', organizationId: 'o', userId: 'u', now: NOW, specificationProductId: null },
        ),
      ),
    ),
    ['backgroundNoiseLevel'],
  );
  t.deepEqual(
    paths(
      t.throws(() =>
        createDataset(
          { ...base, type: 'FUN' as never },
          { id: 't', organizationId: 'o', userId: 'u', now: NOW, specificationProductId: null },
        ),
      ),
    ),
    ['type'],
  );
  t.deepEqual(paths(t.throws(() => updateDataset(dataset, { backgroundNoiseLevel: null }, null))), [
    'backgroundNoiseLevel',
  ]);
  t.is(
    updateDataset(dataset, { backgroundNoiseLevel: null, backgroundNoiseProfile: null }, null).backgroundNoiseProfile,
    null,
  );
});
