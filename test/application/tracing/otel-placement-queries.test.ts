import test from 'ava';
import type { Ports } from '../../../application/ports/ports.ts';
import { IngestOtelSpans } from '../../../application/tracing/ingest-otel-spans.ts';
import type { OtelSpan } from '../../../domain/tracing/otel-span.ts';
import { memoryTracing } from '../../support/memory-tracing.ts';
import { decodedSpan } from '../../support/otel-spans.ts';

const hex16 = (n: number) => n.toString(16).padStart(16, '0');

/** An OTel span alone in its trace, in conversation `conversation` of `versionId`. */
const traceSpan = (index: number, attributes: Record<string, unknown>): OtelSpan =>
  decodedSpan({
    traceId: `${'e'.repeat(16)}${hex16(index + 1)}`,
    spanId: hex16(index + 1),
    name: `span ${index}`,
    attributes: { 'gen_ai.usage.input_tokens': 1, ...attributes },
  });

const STORES = ['sessions', 'versions', 'inferenceResults', 'spans'] as const;

/** The ports with every store call counted (each store call is one statement, or a fixed few, in the SQL stores). */
function counted(ports: Ports) {
  const calls: string[] = [];
  const wrapped = { ...ports };
  for (const name of STORES) {
    const store = ports[name] as object;
    (wrapped as Record<string, unknown>)[name] = new Proxy(store, {
      get(target, property) {
        const value = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          calls.push(`${name}.${String(property)}`);
          return value.apply(target, args);
        };
      },
    });
  }
  return { ports: wrapped, calls };
}

/**
 * Placement reads (4) and writes (2) once per export; spans are written in chunks of 2500 (whole traces), each chunk
 * with a fixed five calls (re-sent ids, insert, dropped counts, settling in and after its transaction).
 */
const boundFor = (spans: number) => 6 + 5 * Math.ceil(spans / 2500);

test('4,000 OTel traces are placed with a bounded number of store calls, not one per trace', async (t) => {
  const world = await memoryTracing();
  const { mine, a } = world;
  const { ports, calls } = counted(world.ports);
  const ingest = new IngestOtelSpans(ports);
  const spans = [
    ...Array.from({ length: 2000 }, (_, index) =>
      traceSpan(index, { 'gen_ai.conversation.id': `conv-${index % 50}`, 'assay.version.id': mine.version.id }),
    ),
    ...Array.from({ length: 2000 }, (_, index) => traceSpan(2000 + index, { 'assay.session.id': mine.session.id })),
  ];
  t.is(await ingest.execute(a.member, spans), null);
  t.true(calls.length <= boundFor(spans.length), `${calls.length} store calls: ${calls.join(', ')}`);
  t.is(calls.filter((call) => call.endsWith('.insert')).length, 0, 'no single-row inserts');
  const sessions = await world.useCases.listSessions.execute(a.member, { versionIds: [mine.version.id], limit: 1000 });
  t.is(sessions.filter((session) => session.customId?.startsWith('conv-')).length, 50, 'one session per conversation');
  t.is(await world.ports.spans.count(a.organizationId, {}), 4000 + 1);
  calls.length = 0;
  t.is(await ingest.execute(a.member, spans), null, 'a re-export is idempotent');
  t.true(calls.length <= boundFor(spans.length), `${calls.length} store calls on the re-export`);
  t.is(await world.ports.inferenceResults.count(a.organizationId, {}), 4000 + 1);
});
