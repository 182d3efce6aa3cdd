import { context, createContextKey } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import type OpenAI from 'openai';
import type { ApiClient } from './api-client.ts';
import { settled } from './evaluation-fixtures.ts';

// What an application instrumented with OpenInference or OpenLLMetry does: the OpenAI client, its calls traced by the
// instrumentation into an OTel SDK tracer provider, each span exported over OTLP/HTTP to Assay as it ends.

/** Context flows through async calls (what the Node SDK registers), so a session set around calls reaches their spans. */
context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());

export const OTLP_FORMATS = [
  ['JSON', JsonExporter],
  ['protobuf', ProtobufExporter],
] as const;
export type OtlpExporterClass = (typeof OTLP_FORMATS)[number][1];

/** A tracer provider whose spans go to Assay's OTLP endpoint with the caller's key, as each one ends. */
export function providerExportingTo(
  url: string,
  client: ApiClient,
  Exporter: OtlpExporterClass,
  resource: Record<string, string>,
  processors: readonly SpanProcessor[] = [],
): BasicTracerProvider {
  const exporter = new Exporter({
    url: `${url}/otel/v1/traces`,
    headers: { Authorization: `Bearer ${client.key}` },
  });
  return new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'capitals-bot', ...resource }),
    spanProcessors: [...processors, new SimpleSpanProcessor(exporter)],
  });
}

export const QUESTIONS = {
  plain: 'What is the capital of France?',
  tool: 'What is the weather in Paris?',
  streamed: 'And the capital of Italy?',
  cached: 'cached: what is the capital of France?',
} as const;

const weatherTool = {
  type: 'function',
  function: {
    name: 'get_weather',
    description: 'The weather of a city',
    parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
  },
} as const;

/** One conversation of four model calls: a plain answer, a tool call, a streamed answer, an answer from cache. */
export async function playConversation(openai: OpenAI): Promise<void> {
  const model = 'local-model';
  const system = { role: 'system', content: 'Answer in one sentence.' } as const;
  await openai.chat.completions.create({ model, messages: [system, { role: 'user', content: QUESTIONS.plain }] });
  await openai.chat.completions.create({
    model,
    messages: [{ role: 'user', content: QUESTIONS.tool }],
    tools: [weatherTool],
  });
  const stream = await openai.chat.completions.create({
    model,
    stream: true,
    stream_options: { include_usage: true },
    messages: [{ role: 'user', content: QUESTIONS.streamed }],
  });
  for await (const _chunk of stream) {
    // Read to the end: the instrumentation ends the span with the stream.
  }
  await openai.chat.completions.create({ model, messages: [system, { role: 'user', content: QUESTIONS.cached }] });
}

async function created(response: Promise<{ status: number; body: any }>, what: string): Promise<any> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/**
 * A session whose test case expects `expectedOutput`, and an EXACT_MATCH metric: spans exported with
 * `assay.session.id` land in it as a turn, and `scoreTurn` scores that turn with the metric.
 */
export async function exactMatchScene(client: ApiClient, expectedOutput: string) {
  const suffix = Math.random().toString(36).slice(2, 8);
  const product = await created(client.post('/products', { name: `Capitals ${suffix}` }), 'product');
  const version = await created(client.post('/versions', { productId: product.id }), 'version');
  const dataset = await created(client.post('/tests', { productId: product.id, name: `Capitals ${suffix}` }), 'test');
  const testCase = await created(
    client.post('/testCases', { testId: dataset.id, input: QUESTIONS.plain, expectedOutput }),
    'test case',
  );
  const metric = await created(
    client.post('/metrics', { name: `exact ${suffix}`, source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }),
    'metric',
  );
  const session = await created(
    client.post('/sessions', { versionId: version.id, testCaseId: testCase.id }),
    'session',
  );
  return {
    sessionId: session.id as string,
    async scoreTurn(inferenceResultId: string): Promise<any> {
      await created(
        client.post('/evaluations/fromInferenceResult', { inferenceResultId, metrics: [{ id: metric.id }] }),
        'evaluation',
      );
      const [evaluation] = await settled(client, { sessionIds: session.id });
      return evaluation;
    },
  };
}

const ASSOCIATION_PROPERTIES = createContextKey('association_properties');

/** Runs `fn` with OpenLLMetry association properties in context, as the Traceloop SDK's `withAssociationProperties`. */
export const withAssociationProperties = <T>(properties: Record<string, string>, fn: () => T): T =>
  context.with(context.active().setValue(ASSOCIATION_PROPERTIES, properties), fn);

/**
 * The part of the Traceloop SDK's span processor that writes the association properties in context onto every
 * span started (`traceloop.association.properties.<name>`); the SDK itself brings every other instrumentation too.
 */
export const associationPropertiesProcessor: SpanProcessor = {
  onStart(span, parent) {
    const properties = (parent.getValue(ASSOCIATION_PROPERTIES) ?? {}) as Record<string, string>;
    for (const [name, value] of Object.entries(properties))
      span.setAttribute(`traceloop.association.properties.${name}`, value);
  },
  onEnd: () => {},
  forceFlush: async () => {},
  shutdown: async () => {},
};
