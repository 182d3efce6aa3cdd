import test from 'ava';
import { memoryTracing } from '../../support/memory-tracing.ts';

test('a re-sent span is answered with its stored copy and stored once', async (t) => {
  const world = await memoryTracing();
  const { useCases, a, mine } = world;
  const first = await useCases.ingestSpans.execute(a.member, [
    { inferenceResultId: mine.result.id, id: 'trace_retry', name: 'first' },
  ]);
  world.clock.advance(1000);
  const again = await useCases.ingestSpans.execute(a.member, [
    { inferenceResultId: mine.result.id, id: 'trace_retry', name: 'second' },
    { inferenceResultId: mine.result.id, id: 'trace_retry', name: 'third' },
  ]);
  t.deepEqual(again.created, first.created);
  t.is((await useCases.getSpan.execute(a.member, 'trace_retry')).name, 'first');
  t.is((await useCases.listSpans.execute(a.member, { ids: ['trace_retry'] })).length, 1);
});

test('spans of a deleted turn are refused, and a batch with nothing left is invalid', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  await useCases.deleteInferenceResult.execute(a.member, mine.result.id);
  await t.throwsAsync(useCases.ingestSpans.execute(a.member, [{ inferenceResultId: mine.result.id, name: 'late' }]), {
    code: 'invalid_input',
  });
});

test('deleting spans counts each span once, however often it is named', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  t.deepEqual(await useCases.deleteSpans.execute(a.member, [mine.span.id, mine.span.id]), { deleted: 1 });
  await t.throwsAsync(useCases.deleteSpans.execute(a.member, [mine.span.id]), { code: 'not_found' });
});
