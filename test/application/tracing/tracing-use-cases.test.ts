import test from 'ava';
import { Forbidden, InvalidInput, NotFound } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import { memoryWorld } from '../../support/memory-world.ts';

const owner: Actor = { userId: 'user_owner', organizationId: 'organization_a', role: 'OWNER', apiKeyId: null };
const stranger: Actor = { userId: 'user_x', organizationId: 'organization_b', role: 'OWNER', apiKeyId: null };

async function setup() {
  const world = memoryWorld();
  const { useCases } = world;
  const product = await useCases.createProduct.execute(owner, { name: 'P' });
  const version = await useCases.createVersion.execute(owner, { productId: product.id });
  const session = await useCases.createSession.execute(owner, { versionId: version.id });
  const result = await useCases.createInferenceResult.execute(owner, { sessionId: session.id, input: 'q' });
  return { ...world, version, session, result };
}

test('memory: a batch keeps valid spans, counts refused ones atomically and links late parents', async (t) => {
  const { useCases, ports, result } = await setup();
  const child = { inferenceResultId: result.id, id: 'trace_child', name: 'child', parentTraceId: 'trace_parent' };
  const first = await useCases.ingestSpans.execute(owner, [child, { inferenceResultId: result.id, name: '' }]);
  t.is(first.created.length, 1);
  t.is(first.rejected[0].error, 'empty_name');
  t.true((await ports.spans.get(owner.organizationId, 'trace_child'))?.parentPending);
  await Promise.all([
    useCases.ingestSpans.execute(owner, [
      { inferenceResultId: result.id, id: 'trace_parent', name: 'parent' },
      { inferenceResultId: result.id, name: 'x', latencyMs: -1 },
    ]),
    useCases.ingestSpans.execute(owner, [
      { inferenceResultId: result.id, name: 'y', type: 'NOPE' },
      { inferenceResultId: result.id, name: 'z' },
    ]),
  ]);
  t.false((await ports.spans.get(owner.organizationId, 'trace_child'))?.parentPending);
  t.is((await useCases.getInferenceResult.execute(owner, result.id)).droppedSpanCount, 3);
  const updated = await useCases.updateInferenceResult.execute(owner, result.id, { output: 'a' });
  t.is(updated.droppedSpanCount, 3);
});

test('memory: refusals and tenancy — all refused is invalid input, a foreign inference result forbids the batch, deletes are all or nothing', async (t) => {
  const { useCases, ports, result, session } = await setup();
  await t.throwsAsync(useCases.ingestSpans.execute(owner, [{ inferenceResultId: result.id, name: '' }]), {
    instanceOf: InvalidInput,
  });
  t.is((await useCases.getInferenceResult.execute(owner, result.id)).droppedSpanCount, 0);
  await t.throwsAsync(useCases.ingestSpans.execute(stranger, [{ inferenceResultId: result.id, name: 'x' }]), {
    instanceOf: Forbidden,
  });
  const { created } = await useCases.ingestSpans.execute(owner, [
    { inferenceResultId: result.id, name: 'a' },
    { inferenceResultId: result.id, name: 'b' },
  ]);
  await t.throwsAsync(useCases.deleteSpans.execute(stranger, [created[0].id]), { instanceOf: NotFound });
  await t.throwsAsync(useCases.deleteSpans.execute(owner, [created[0].id, 'trace_missing']), { instanceOf: NotFound });
  t.deepEqual(await useCases.deleteSpans.execute(owner, [created[0].id]), { deleted: 1 });
  await useCases.deleteSession.execute(owner, session.id);
  t.is(await ports.spans.count(owner.organizationId, {}), 0);
  t.is(await ports.inferenceResults.count(owner.organizationId, {}), 0);
});
