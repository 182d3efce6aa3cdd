import test from 'ava';
import { context, diag, trace, type DiagLogger } from '@opentelemetry/api';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import { gzipSync } from 'node:zlib';
import type { ApiClient } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, createVersionFor } from '../support/tracing-fixtures.ts';

const warnings: string[] = [];
const logger: DiagLogger = {
  error: (...args) => warnings.push(args.map(String).join(' ')),
  warn: (...args) => warnings.push(args.map(String).join(' ')),
  info: () => {},
  debug: () => {},
  verbose: () => {},
};
diag.setLogger(logger);

/** Posts a body as it stands on the wire (no JSON encoding) to the OTLP traces endpoint. */
function postRawTraces(client: ApiClient, raw: string | Uint8Array, headers: Record<string, string>) {
  return client.request('POST', '/otel/v1/traces', { raw, headers });
}

/** Records spans with the real SDK, then returns them for an exporter. */
function recordSpans(
  resource: Record<string, string>,
  build: (tracer: ReturnType<BasicTracerProvider['getTracer']>) => void,
): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resource),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  build(provider.getTracer('assay-test', '1.0.0'));
  return memory.getFinishedSpans();
}

function exportWith(exporter: SpanExporter, spans: ReadableSpan[]): Promise<{ code: number; error?: Error }> {
  return new Promise((resolve) => exporter.export(spans, resolve));
}

/** A conversation turn as an instrumented app records it: an agent span holding a model call and a tool call. */
function agentTurn(tracer: ReturnType<BasicTracerProvider['getTracer']>, attributes: Record<string, string>) {
  const root = tracer.startSpan('invoke_agent support', {
    attributes: { 'gen_ai.operation.name': 'invoke_agent', ...attributes },
  });
  const inside = trace.setSpan(context.active(), root);
  const chat = tracer.startSpan(
    'chat gpt-x',
    {
      attributes: {
        'gen_ai.operation.name': 'chat',
        'gen_ai.request.model': 'gpt-x',
        'gen_ai.usage.input_tokens': 12,
        'gen_ai.usage.output_tokens': 30,
        'gen_ai.input.messages': JSON.stringify([
          { role: 'user', parts: [{ type: 'text', content: 'Where is my order?' }] },
        ]),
        'gen_ai.output.messages': JSON.stringify([
          { role: 'assistant', parts: [{ type: 'text', content: 'It ships today.' }] },
        ]),
        'http.route': '/chat',
      },
    },
    inside,
  );
  chat.end();
  const tool = tracer.startSpan(
    'execute_tool lookup_order',
    {
      attributes: {
        'gen_ai.operation.name': 'execute_tool',
        'gen_ai.tool.name': 'lookup_order',
        'gen_ai.tool.call.arguments': '{"id":42}',
      },
    },
    inside,
  );
  tool.setStatus({ code: 2, message: 'order service timed out' });
  tool.end();
  root.end();
  return root.spanContext().traceId;
}

/** OTLP/JSON pieces as a raw exporter sends them. */
const attribute = (key: string, value: string) => ({ key, value: { stringValue: value } });
const otlp = (spans: object[], resource: object[] = []) => ({
  resourceSpans: [{ resource: { attributes: resource }, scopeSpans: [{ scope: { name: 'raw' }, spans }] }],
});
const span = (spanId: string, name: string, extra: object = {}) => ({
  traceId: '5b8efff798038103d269b633813fc60c',
  spanId,
  name,
  kind: 1,
  startTimeUnixNano: '1700000000000000000',
  endTimeUnixNano: '1700000000500000000',
  ...extra,
});

for (const { world, title } of await databaseWorlds(test)) {
  for (const [format, Exporter] of [
    ['JSON', JsonExporter],
    ['protobuf', ProtobufExporter],
  ] as const) {
    test(
      title(
        `the OpenTelemetry SDK exports over OTLP/HTTP ${format} (gzip) into an inference result named by attribute`,
      ),
      async (t) => {
        const tenant = await createTenant(world());
        const { inferenceResultId, sessionId } = await createInferenceResultFor(world(), tenant);
        const spans = recordSpans(
          { 'service.name': 'support-bot', 'assay.inference_result.id': inferenceResultId },
          (tracer) => agentTurn(tracer, {}),
        );
        const exporter = new Exporter({
          url: `${world().url}/otel/v1/traces`,
          headers: { Authorization: `Bearer ${tenant.member.key}` },
          compression: 'gzip' as never,
        });
        const result = await exportWith(exporter, spans);
        t.is(result.code, 0, String(result.error));
        await exporter.shutdown();
        const stored = await tenant.member.get('/traces', {
          inferenceResultIds: [inferenceResultId],
          sort: 'startTime,asc',
        });
        t.is(stored.body.length, 3);
        const byName = Object.fromEntries(stored.body.map((span: { name: string }) => [span.name, span]));
        const root = byName['invoke_agent support'];
        const chat = byName['chat gpt-x'];
        const tool = byName['execute_tool lookup_order'];
        t.like(root, { type: 'AGENT', parentTraceId: null });
        t.like(chat, { type: 'GENERATION', parentTraceId: root.id });
        t.deepEqual(chat.inputData, {
          input_messages: [{ role: 'user', parts: [{ type: 'text', content: 'Where is my order?' }] }],
        });
        t.is(chat.outputData.output_messages[0].parts[0].content, 'It ships today.');
        t.deepEqual(chat.usage, {
          inputTokens: 12,
          outputTokens: 30,
          totalTokens: 42,
          cacheReadInputTokens: null,
          cacheCreationInputTokens: null,
        });
        t.is(chat.model, 'gpt-x');
        t.false('gen_ai.usage.input_tokens' in chat.metadata, 'mapped attributes are not repeated in metadata');
        t.is(chat.metadata['http.route'], '/chat');
        t.is(chat.metadata.otel.resource['service.name'], 'support-bot');
        t.like(tool, {
          type: 'TOOL',
          error: 'order service timed out',
          inputData: { tool_call_arguments: { id: 42 } },
        });
        t.true(typeof chat.latencyMs === 'number' && chat.latencyMs >= 0);
        t.truthy(chat.startTime);
        const again = await exportWith(exporter, spans);
        t.is(again.code, 0, 're-export is idempotent');
        t.is((await tenant.member.get('/traces', { sessionIds: [sessionId] })).body.length, 3);
      },
    );
  }

  test(
    title('spans naming a conversation and a version open a session and one inference result per OTel trace'),
    async (t) => {
      const tenant = await createTenant(world());
      const versionId = await createVersionFor(world(), tenant);
      const spans = recordSpans({ 'service.name': 'bot', 'assay.version.id': versionId }, (tracer) => {
        agentTurn(tracer, { 'gen_ai.conversation.id': 'conv-77' });
        agentTurn(tracer, { 'gen_ai.conversation.id': 'conv-77' });
      });
      const exporter = new ProtobufExporter({
        url: `${world().url}/otel/v1/traces`,
        headers: { Authorization: `Bearer ${tenant.owner.key}` },
      });
      t.is((await exportWith(exporter, spans)).code, 0);
      const sessions = await tenant.owner.get('/sessions', { customIds: ['conv-77'] });
      t.is(sessions.body.length, 1);
      t.like(sessions.body[0], { versionId, isProduction: true });
      const results = await tenant.owner.get('/inferenceResults', { sessionIds: [sessions.body[0].id] });
      t.is(results.body.length, 2);
      t.like(results.body[0], {
        inputTokens: 12,
        outputTokens: 30,
        totalTokens: 42,
        model: 'gpt-x',
        input: 'Where is my order?',
        output: 'It ships today.',
      });
      t.is((await tenant.owner.get('/traces', { sessionIds: [sessions.body[0].id] })).body.length, 6);
      t.is((await exportWith(exporter, spans)).code, 0);
      t.is(
        (await tenant.owner.get('/inferenceResults', { sessionIds: [sessions.body[0].id] })).body.length,
        2,
        're-export adds nothing',
      );
    },
  );

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

  test(title('OTLP: the SDK takes a partial success as a success and logs what was refused'), async (t) => {
    const tenant = await createTenant(world());
    warnings.length = 0;
    const refused = recordSpans({ 'service.name': 'bot' }, (tracer) => agentTurn(tracer, {}));
    const exporter = new ProtobufExporter({
      url: `${world().url}/otel/v1/traces`,
      headers: { Authorization: `Bearer ${tenant.member.key}` },
    });
    t.is((await exportWith(exporter, refused)).code, 0, 'a partial success is still a success for the SDK');
    t.true(
      warnings.some((line) => line.includes('Partial Success') && line.includes('"rejectedSpans":"3"')),
      warnings.join('\n'),
    );
  });
}
