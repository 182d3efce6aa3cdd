import { AsyncLocalStorage } from 'node:async_hooks';
import test from 'ava';
import { LinkSpecificationMetrics } from '../../../application/catalog/link-specification-metrics.ts';
import { CreateDataset } from '../../../application/dataset/create-dataset.ts';
import type { Ports } from '../../../application/ports/ports.ts';
import { linkMetrics, type Specification } from '../../../domain/catalog/specification.ts';
import type { Dataset } from '../../../domain/dataset/dataset.ts';
import { DuplicateKey } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import { memoryWorld } from '../../support/memory-world.ts';

const owner: Actor = { userId: 'user_owner', organizationId: 'organization_a', role: 'OWNER', apiKeyId: null };

test('a write based on a stale version is retried on fresh data, keeping the other request’s change', async (t) => {
  const { ports, useCases } = memoryWorld();
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const specification = await useCases.createSpecification.execute(owner, { productId: product.id, name: 'S' });
  const ours = await useCases.createMetric.execute(owner, { name: 'Ours', source: 'HUMAN' });
  const theirs = await useCases.createMetric.execute(owner, { name: 'Theirs', source: 'HUMAN' });
  // Another request commits its own link between our read and our write (outside our transaction).
  const otherRequest = AsyncLocalStorage.snapshot();
  let interleaved = false;
  const specifications: Ports['specifications'] = Object.assign(Object.create(ports.specifications), {
    async update(next: Specification) {
      if (!interleaved) {
        interleaved = true;
        await otherRequest(async () => {
          const current = (await ports.specifications.get(owner.organizationId, next.id))!;
          await ports.specifications.update(linkMetrics(current, [theirs]));
        });
      }
      return ports.specifications.update(next);
    },
  });
  const link = new LinkSpecificationMetrics({ ...ports, specifications });
  const linked = await link.execute(owner, specification.id, [ours.id]);
  t.true(interleaved);
  t.deepEqual([...linked.metricIds].sort(), [ours.id, theirs.id].sort(), 'the retry re-read the other request’s link');
  t.deepEqual((await ports.specifications.get(owner.organizationId, specification.id))!.metricIds, linked.metricIds);
});

test('a duplicate key is not retried: the first clash is the answer', async (t) => {
  const { ports, useCases } = memoryWorld();
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  await useCases.createDataset.execute(owner, { productId: product.id, name: 'Same' });
  let inserts = 0;
  const datasets: Ports['datasets'] = Object.assign(Object.create(ports.datasets), {
    insert(dataset: Dataset) {
      inserts += 1;
      return ports.datasets.insert(dataset);
    },
  });
  const create = new CreateDataset({ ...ports, datasets });
  const clash = await t.throwsAsync(create.execute(owner, { productId: product.id, name: 'Same' }), {
    instanceOf: DuplicateKey,
  });
  t.regex(clash.message, /test named "Same" already exists in this product/);
  t.is(inserts, 1);
  t.is(await ports.datasets.count(owner.organizationId, {}), 1);
});
