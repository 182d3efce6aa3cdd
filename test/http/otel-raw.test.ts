// OTLP/JSON bodies as raw exporters send them: concurrency, partial success, gzip, tenancy and refused bodies.
import test from 'ava';
import { gzipSync } from 'node:zlib';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { attribute, otlp, postRawTraces, span } from '../support/otlp-json.ts';
import { createInferenceResultFor, createVersionFor } from '../support/tracing-fixtures.ts';

for (const { world, title } of await databaseWorlds(test)) {
  test(title('concurrent exports of one new trace share one session and one inference result'), async (t) => {
    const tenant = await createTenant(world());
    const versionId = await createVersionFor(world(), tenant);
    const traceId = [...crypto.getRandomValues(new Uint8Array(16))]
      .map((byte) => byte.toString(16).padStart(2, '0'))
      .join('');
    const export_ = (spanId: string, parentSpanId?: string) => ({
      resourceSpans: [
        {
          resource: {
            attributes: [
              { key: 'assay.version.id', value: { stringValue: versionId } },
              { key: 'session.id', value: { stringValue: `race-${traceId}` } },
            ],
          },
          scopeSpans: [
            {
              spans: [
                {
                  traceId,
                  spanId,
                  ...(parentSpanId ? { parentSpanId } : {}),
                  name: `span ${spanId}`,
                  startTimeUnixNano: '1700000000000000000',
                  endTimeUnixNano: '1700000001000000000',
                },
              ],
            },
          ],
        },
      ],
    });
    const answers = await Promise.all([
      tenant.member.post('/otel/v1/traces', export_('0000000000000001')),
      tenant.member.post('/otel/v1/traces', export_('0000000000000002', '0000000000000001')),
      tenant.member.post('/otel/v1/traces', export_('0000000000000003', '0000000000000001')),
    ]);
    t.deepEqual(
      answers.map((answer) => answer.status),
      [200, 200, 200],
      JSON.stringify(answers.map((answer) => answer.body)),
    );
    const sessions = await tenant.member.get('/sessions', { customIds: [`race-${traceId}`] });
    t.is(sessions.body.length, 1);
    const results = await tenant.member.get('/inferenceResults', { sessionIds: [sessions.body[0].id] });
    t.is(results.body.length, 1);
    t.is((await tenant.member.get('/traces', { inferenceResultIds: [results.body[0].id] })).body.length, 3);
    const { spans } = world().platform.ports;
    for (const spanId of ['0000000000000002', '0000000000000003']) {
      t.false((await spans.get(tenant.organizationId, `trace_${traceId}${spanId}`))?.parentPending);
    }
  });

  test(title('OTLP: refused spans fill partialSuccess; the others are stored and the refused counted'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const named = [attribute('assay.inference_result.id', inferenceResultId)];
    const body = otlp([
      span('eee19b7ec3c1b174', 'good', { attributes: named }),
      span('eee19b7ec3c1b175', '', { attributes: named }),
      span('eee19b7ec3c1b176', 'orphan'),
    ]);
    const answer = await tenant.member.post('/otel/v1/traces', body);
    t.is(answer.status, 200, JSON.stringify(answer.body));
    t.is(answer.body.partialSuccess.rejectedSpans, 2);
    t.regex(answer.body.partialSuccess.errorMessage, /name/);
    t.regex(answer.body.partialSuccess.errorMessage, /assay\.session\.id/);
    const good = await tenant.member.get('/traces', { inferenceResultIds: [inferenceResultId] });
    t.deepEqual(
      good.body.map((item: { name: string }) => item.name),
      ['good'],
    );
    t.is(good.body[0].latencyMs, 500);
    t.is(good.body[0].startTime, '2023-11-14T22:13:20.000Z');
    t.is((await tenant.member.get(`/inferenceResults/${inferenceResultId}`)).body.droppedSpanCount, 1);
  });

  test(title('OTLP: a gzipped export with nothing refused answers an empty object'), async (t) => {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const clean = await postRawTraces(
      tenant.member,
      gzipSync(
        JSON.stringify(
          otlp([span('aaa19b7ec3c1b174', 'zipped')], [attribute('assay.inference_result.id', inferenceResultId)]),
        ),
      ),
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    );
    t.is(clean.status, 200);
    t.deepEqual(clean.body, {});
  });

  test(
    title("OTLP: another organization's inference result refuses the export (403) and stays untouched"),
    async (t) => {
      const tenant = await createTenant(world());
      const stranger = await createTenant(world());
      const theirs = await createInferenceResultFor(world(), stranger);
      const foreign = await tenant.member.post(
        '/otel/v1/traces',
        otlp([span('bbb19b7ec3c1b174', 'x')], [attribute('assay.inference_result.id', theirs.inferenceResultId)]),
      );
      t.is(foreign.status, 403);
      t.is((await stranger.member.get('/traces', { inferenceResultIds: [theirs.inferenceResultId] })).body.length, 0);
    },
  );

  test(
    title('OTLP: two organizations exporting spans of one distributed trace each get their own inference result'),
    async (t) => {
      const tenants = [await createTenant(world()), await createTenant(world())];
      for (const [index, tenant] of tenants.entries()) {
        const versionId = await createVersionFor(world(), tenant);
        const routing = [attribute('assay.version.id', versionId), attribute('session.id', 'shared-trace')];
        // The same OTel trace id (its context crossed from one organization's service to the other's), other spans.
        const exported = await tenant.member.post(
          '/otel/v1/traces',
          otlp([span(`ddd19b7ec3c1b17${index}`, `hop ${index}`, { attributes: routing })]),
        );
        t.is(exported.status, 200, JSON.stringify(exported.body));
      }
      const [first, second] = await Promise.all(
        tenants.map(async (tenant) => (await tenant.member.get('/inferenceResults', {})).body),
      );
      t.is(first.length, 1);
      t.is(second.length, 1);
      t.not(first[0].id, second[0].id);
      for (const [index, tenant] of tenants.entries()) {
        const spans = (await tenant.member.get('/traces', {})).body;
        t.deepEqual(
          spans.map((stored: { name: string }) => stored.name),
          [`hop ${index}`],
        );
      }
    },
  );

  test(title('OTLP: undecodable bodies are 400, other media types 415, and a missing key 401'), async (t) => {
    const tenant = await createTenant(world());
    const rawBodies: readonly [raw: string | Uint8Array, contentType: string, status: number][] = [
      ['not json', 'application/json', 400],
      [new Uint8Array([0xff, 0xff, 0xff]), 'application/x-protobuf', 400],
      ['x', 'text/plain', 415],
    ];
    for (const [raw, contentType, status] of rawBodies) {
      t.is((await postRawTraces(tenant.member, raw, { 'content-type': contentType })).status, status);
    }
    t.is(
      (await tenant.member.as(undefined).post('/otel/v1/traces', otlp([span('ccc19b7ec3c1b174', 'x')]))).status,
      401,
    );
  });

  test(title('OTLP: a body over the limit is 413, before and after inflation'), async (t) => {
    const tenant = await createTenant(world());
    const oversized = await postRawTraces(tenant.member, new Uint8Array(17 * 1024 * 1024), {
      'content-type': 'application/x-protobuf',
    });
    t.is(oversized.status, 413);
    const bomb = await postRawTraces(tenant.member, gzipSync(new Uint8Array(17 * 1024 * 1024)), {
      'content-type': 'application/x-protobuf',
      'content-encoding': 'gzip',
    });
    t.is(bomb.status, 413, 'the limit applies after inflation');
  });
}
