// The real OpenTelemetry SDK exporting over OTLP/HTTP (JSON and protobuf): mapping, sessions, re-exports, partial success.
import test from 'ava';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { agentTurn, exportWith, recordSpans, sdkWarnings } from '../support/otel-sdk.ts';
import { createInferenceResultFor, createVersionFor } from '../support/tracing-fixtures.ts';

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

  test(title('OTLP: the SDK takes a partial success as a success and logs what was refused'), async (t) => {
    const tenant = await createTenant(world());
    sdkWarnings.length = 0;
    const refused = recordSpans({ 'service.name': 'bot' }, (tracer) => agentTurn(tracer, {}));
    const exporter = new ProtobufExporter({
      url: `${world().url}/otel/v1/traces`,
      headers: { Authorization: `Bearer ${tenant.member.key}` },
    });
    t.is((await exportWith(exporter, refused)).code, 0, 'a partial success is still a success for the SDK');
    t.true(
      sdkWarnings.some((line) => line.includes('Partial Success') && line.includes('"rejectedSpans":"3"')),
      sdkWarnings.join('\n'),
    );
  });
}
