import test from 'ava';
import { InvalidInput } from '../../../domain/errors.ts';
import { memoryTracing } from '../../support/memory-tracing.ts';
import { decodedSpan } from '../../support/otel-spans.ts';

const TRACE = '7c8efff798038103d269b633813fc60e';
const otelSpan = (spanId: string, attributes: Record<string, unknown>) =>
  decodedSpan({ traceId: TRACE, spanId, name: `span ${spanId}`, attributes });

test('both ingestions tell the observer what they stored and refused; a span stored already is not stored again', async (t) => {
  const { useCases, spanIngestion, a, mine } = await memoryTracing();
  const before = { stored: spanIngestion.stored, refused: spanIngestion.refused };
  const told = () => ({
    stored: spanIngestion.stored - before.stored,
    refused: spanIngestion.refused - before.refused,
  });
  const inferenceResultId = mine.result.id;

  await useCases.ingestSpans.execute(a.member, [
    { inferenceResultId, id: 'trace_told_once', name: 'kept' },
    { inferenceResultId, name: '' },
  ]);
  await useCases.ingestSpans.execute(a.member, [{ inferenceResultId, id: 'trace_told_once', name: 'kept' }]);
  t.deepEqual(told(), { stored: 1, refused: 1 });
  await t.throwsAsync(useCases.ingestSpans.execute(a.member, [{ name: 'no inference result' }]), {
    instanceOf: InvalidInput,
  });
  t.deepEqual(told(), { stored: 1, refused: 2 }, 'a batch refused whole still tells its refused span');

  const named = { 'assay.inference_result.id': inferenceResultId };
  const exported = [otelSpan('00000000000000c1', named), otelSpan('00000000000000c2', named), otelSpan('zz', named)];
  t.like(await useCases.ingestOtelSpans.execute(a.member, exported), { rejectedSpans: 1 });
  await useCases.ingestOtelSpans.execute(a.member, exported);
  t.deepEqual(
    told(),
    { stored: 3, refused: 4 },
    'the re-export stores nothing new; its malformed span is refused again',
  );
});
