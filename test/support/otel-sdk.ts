import { context, type DiagLogger, diag, trace } from '@opentelemetry/api';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  type ReadableSpan,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';

/** What the OpenTelemetry SDK logged as a warning or an error (its diag logger is set on import). */
export const sdkWarnings: string[] = [];
const logger: DiagLogger = {
  error: (...args) => sdkWarnings.push(args.map(String).join(' ')),
  warn: (...args) => sdkWarnings.push(args.map(String).join(' ')),
  info: () => {},
  debug: () => {},
  verbose: () => {},
};
diag.setLogger(logger);

export type SdkTracer = ReturnType<BasicTracerProvider['getTracer']>;

/** Records spans with the real SDK, then returns them for an exporter. */
export function recordSpans(resource: Record<string, string>, build: (tracer: SdkTracer) => void): ReadableSpan[] {
  const memory = new InMemorySpanExporter();
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes(resource),
    spanProcessors: [new SimpleSpanProcessor(memory)],
  });
  build(provider.getTracer('assay-test', '1.0.0'));
  return memory.getFinishedSpans();
}

export function exportWith(exporter: SpanExporter, spans: ReadableSpan[]): Promise<{ code: number; error?: Error }> {
  return new Promise((resolve) => exporter.export(spans, resolve));
}

/** A conversation turn as an instrumented app records it: an agent span holding a model call and a tool call. */
export function agentTurn(tracer: SdkTracer, attributes: Record<string, string>) {
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
