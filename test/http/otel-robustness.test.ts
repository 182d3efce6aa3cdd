import test from 'ava';
import { ExportTraceServiceRequest } from '../../adapters/otel/otlp-trace-proto.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, createVersionFor } from '../support/tracing-fixtures.ts';

const TRACE = '6c8efff798038103d269b633813fc60d';
const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
const otlp = (spans: object[], resource: object[] = []) => ({
  resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'raw' }, spans }] }],
});
const span = (spanId: string, extra: object = {}) => ({
  traceId: TRACE,
  spanId,
  name: `span ${spanId}`,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000500000000',
  ...extra,
});
const hex16 = (n: number) => n.toString(16).padStart(16, '0');

for (const { world, title } of await databaseWorlds(test)) {
  test(title('an export carries at most 10,000 spans: one more is a 400 naming the limit'), async (t) => {
    const tenant = await createTenant(world());
    const empty = Array.from({ length: 10_001 }, () => ({}));
    const over = await tenant.member.post('/otel/v1/traces', otlp(empty));
    t.is(over.status, 400);
    t.is(over.body.error, 'invalid_input');
    t.regex(over.body.message, /10000/);
    const split = Array.from({ length: 2 }, () => ({ scopeSpans: [{ spans: empty.slice(0, 5001) }] }));
    t.is((await tenant.member.post('/otel/v1/traces', { resourceSpans: split })).status, 400, 'counted across scopes');
    const atLimit = await tenant.member.post('/otel/v1/traces', otlp(empty.slice(1)));
    t.is(atLimit.status, 200, JSON.stringify(atLimit.body).slice(0, 300));
    t.is(atLimit.body.partialSuccess.rejectedSpans, 10_000, 'empty spans are refused one by one');
  });

  test(title('a malformed traceId or spanId refuses that span alone, in JSON and in protobuf'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const named = [attribute('assay.inference_result.id', inferenceResultId)];
    const answer = await tenant.member.post(
      '/otel/v1/traces',
      otlp(
        [
          span('00000000000000a1'),
          span('00000000000000a2', { traceId: 'xyz' }),
          span('00000000000000a3', { traceId: `${TRACE}00` }),
          span('zz000000000000a4'),
          span('00000000000000a5a5'),
          span('00000000000000a6', { parentSpanId: 'not-hex' }),
          span('', { name: 'no id' }),
          span('00000000000000a7', { traceId: '' }),
        ],
        named,
      ),
    );
    t.is(answer.status, 200);
    t.is(answer.body.partialSuccess.rejectedSpans, 7);
    t.regex(answer.body.partialSuccess.errorMessage, /traceId must be 32 hexadecimal/);
    t.regex(answer.body.partialSuccess.errorMessage, /spanId must be 16 hexadecimal/);
    t.regex(answer.body.partialSuccess.errorMessage, /parentSpanId must be 16 hexadecimal/);
    const stored = await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] });
    t.deepEqual(
      stored.body.map((item: { id: string }) => item.id),
      [`trace_${TRACE}00000000000000a1`],
    );
    const protobuf = ExportTraceServiceRequest.encode(
      ExportTraceServiceRequest.fromObject({
        resourceSpans: [
          {
            resource: { attributes: [{ key: 'assay.inference_result.id', value: { stringValue: inferenceResultId } }] },
            scopeSpans: [
              {
                spans: [
                  { traceId: Buffer.from(TRACE, 'hex'), spanId: Buffer.from('00000000000000b1', 'hex'), name: 'ok' },
                  {
                    traceId: Buffer.from(TRACE.slice(0, 16), 'hex'),
                    spanId: Buffer.from('00000000000000b2', 'hex'),
                    name: 'short trace',
                  },
                  { traceId: Buffer.from(TRACE, 'hex'), spanId: Buffer.from('00b3', 'hex'), name: 'short span' },
                ],
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
    t.is((await tenant.member.get(`/traces/trace_${TRACE}00000000000000b1`)).status, 200);
    t.is(
      (await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] })).body.length,
      2,
      'only the well-formed protobuf span joined',
    );
  });

  test(title('an OTLP timestamp beyond range refuses that span, not the export (never a 500)'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const answer = await tenant.member.post(
      '/otel/v1/traces',
      otlp(
        [
          span('00000000000000c1'),
          span('00000000000000c2', { startTimeUnixNano: '99999999999999999999999' }),
          span('00000000000000c3', { endTimeUnixNano: 1e300 }),
          span('00000000000000c4', { startTimeUnixNano: '-5' }),
          span('00000000000000c5', { endTimeUnixNano: '12.5' }),
          span('00000000000000c6', { startTimeUnixNano: 1700000000000000000, endTimeUnixNano: 1700000001000000000 }),
        ],
        [attribute('assay.inference_result.id', inferenceResultId)],
      ),
    );
    t.is(answer.status, 200, JSON.stringify(answer.body));
    t.is(answer.body.partialSuccess.rejectedSpans, 4);
    t.regex(answer.body.partialSuccess.errorMessage, /beyond the representable range/);
    t.regex(answer.body.partialSuccess.errorMessage, /non-negative integer of nanoseconds/);
    const stored = await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] });
    t.deepEqual(stored.body.map((item: { id: string }) => item.id.slice(-2)).sort(), ['c1', 'c6']);
    t.like(
      stored.body.find((item: { id: string }) => item.id.endsWith('c6')),
      { startTime: '2023-11-14T22:13:20.000Z', latencyMs: 1000 },
      'integer JSON numbers are read as nanoseconds',
    );
  });

  test(title('4,000 traces of one export are placed in one go: one session, 4,000 results, every span'), async (t) => {
    const tenant = await createTenant(world());
    const versionId = await createVersionFor(world(), tenant);
    const traces = 4000;
    const spans = Array.from({ length: traces }, (_, index) =>
      span(hex16(index + 1), { traceId: `${'f'.repeat(16)}${hex16(index + 1)}` }),
    );
    const resource = [attribute('assay.version.id', versionId), attribute('session.id', 'bulk-conversation')];
    const first = await tenant.member.post('/otel/v1/traces', otlp(spans, resource));
    t.is(first.status, 200, JSON.stringify(first.body).slice(0, 300));
    t.deepEqual(first.body, {});
    const again = await tenant.member.post('/otel/v1/traces', otlp(spans, resource));
    t.deepEqual(again.body, {}, 'a re-export is idempotent');
    const sessions = await tenant.member.get('/sessions', { customIds: ['bulk-conversation'] });
    t.is(sessions.body.length, 1);
    const results = await tenant.member.get('/inferenceResults', { sessionIds: [sessions.body[0].id], limit: 1 });
    t.is(results.status, 200);
    const { inferenceResults, spans: spanStore } = world().platform.ports;
    t.is(
      await inferenceResults.count(tenant.organizationId, {
        where: [{ field: 'sessionId', op: 'eq', value: sessions.body[0].id }],
      }),
      traces,
    );
    t.is(await spanStore.count(tenant.organizationId, {}), traces);
  });
}
