import test from 'ava';
import { ExportTraceServiceRequest } from '../../adapters/otel/otlp-trace-proto.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { sample } from '../support/prometheus-text.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const named = (inferenceResultId: string) => [
  { key: 'assay.inference_result.id', value: { stringValue: inferenceResultId } },
];
const span = (spanId: string) => ({
  traceId: TRACE,
  spanId,
  name: `span ${spanId}`,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000500000000',
});
const otlp = (spans: object[], resource: object[]) => ({
  resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'raw' }, spans }] }],
});

for (const database of (await httpDatabases()).filter((kind) => kind !== 'external')) {
  const world = useWorld(test, database);

  test(`[${database}] assay_spans_total counts what span batches and OTLP exports store and refuse, a stored span once`, async (t) => {
    const metricsUrl = await world().platform.listenMetrics?.(0);
    if (!metricsUrl) return t.fail('the platform serves no metrics');
    const counted = async () => {
      const text = await (await fetch(`${metricsUrl}/metrics`)).text();
      return {
        accepted: sample(text, 'assay_spans_total', { outcome: 'accepted' }),
        refused: sample(text, 'assay_spans_total', { outcome: 'refused' }),
      };
    };
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const kept = { inferenceResultId, id: 'trace_counted_once', name: 'kept' };

    t.is((await tenant.member.post('/traces/batch', { traces: [kept, { inferenceResultId, name: '' }] })).status, 201);
    t.deepEqual(await counted(), { accepted: 1, refused: 1 });
    t.is((await tenant.member.post('/traces/batch', { traces: [kept] })).status, 201, 're-sent: answered as stored');
    t.is((await tenant.member.post('/traces', { inferenceResultId, name: 'single' })).status, 201);
    const refusedWhole = await tenant.member.post('/traces/batch', { traces: [{ inferenceResultId, name: '' }, {}] });
    t.is(refusedWhole.status, 400);
    t.deepEqual(
      await counted(),
      { accepted: 2, refused: 3 },
      'the re-sent span is not counted again; a batch with nothing to keep counts its spans as refused',
    );

    const json = otlp([span('00000000000000a1'), span('00000000000000a2'), span('zz')], named(inferenceResultId));
    const exported = await tenant.member.post('/otel/v1/traces', json);
    t.is(exported.status, 200);
    t.is(exported.body.partialSuccess.rejectedSpans, 1);
    const protobuf = ExportTraceServiceRequest.encode(
      ExportTraceServiceRequest.fromObject({
        resourceSpans: [
          {
            resource: { attributes: named(inferenceResultId) },
            scopeSpans: [
              {
                spans: ['00000000000000b1', '00000000000000b2'].map((spanId) => ({
                  traceId: Buffer.from(TRACE, 'hex'),
                  spanId: Buffer.from(spanId, 'hex'),
                  name: `span ${spanId}`,
                })),
              },
            ],
          },
        ],
      }),
    ).finish();
    const binary = await tenant.member.post('/otel/v1/traces', undefined, {
      raw: protobuf,
      headers: { 'content-type': 'application/x-protobuf' },
    });
    t.is(binary.status, 200);
    t.deepEqual(await counted(), { accepted: 6, refused: 4 }, 'OTLP spans count like a batch, JSON and protobuf');

    t.is((await tenant.member.post('/otel/v1/traces', json)).status, 200, 'the same export again');
    t.deepEqual(await counted(), { accepted: 6, refused: 5 }, 'its spans are stored already; its refused one again');
    const stored = await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] });
    t.is(stored.body.length, 6, 'accepted is exactly the number of spans stored');
  });
}
