import test from 'ava';
import { createInferenceResult } from '../../../domain/tracing/inference-result.ts';
import { legacyOtelInferenceResultId, type OtelSpan } from '../../../domain/tracing/otel-span.ts';
import { allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';
import { storeSnapshot } from '../../support/memory-world.ts';
import { decodedSpan } from '../../support/otel-spans.ts';

const TRACE = '5b8efff798038103d269b633813fc60c';

/** An OTel span of trace `traceId` as the OTLP decoder hands it over. */
const otelSpan = (spanId: string, attributes: Record<string, unknown>, traceId = TRACE): OtelSpan =>
  decodedSpan({
    traceId,
    spanId,
    name: `span ${spanId}`,
    attributes: { 'gen_ai.usage.input_tokens': 3, ...attributes },
  });

test('a trace naming a session becomes one inference result of that session, its usage summed', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const outcome = await useCases.ingestOtelSpans.execute(a.member, [
    otelSpan('0000000000000001', { 'assay.session.id': mine.session.id }),
    otelSpan('0000000000000002', {}),
  ]);
  t.is(outcome, null);
  const results = await useCases.listInferenceResults.execute(a.member, { sessionIds: [mine.session.id] });
  const placed = results.find((result) => result.id !== mine.result.id);
  t.like(placed, { inputTokens: 6, sessionId: mine.session.id });
  t.is((await useCases.listSpans.execute(a.member, { inferenceResultIds: [placed!.id] })).length, 2);
  t.is(await useCases.ingestOtelSpans.execute(a.member, [otelSpan('0000000000000001', {})]), null);
  t.is(
    (await useCases.listInferenceResults.execute(a.member, { sessionIds: [mine.session.id] })).length,
    2,
    'a re-export finds its inference result',
  );
});

test('a trace stored under the id of its trace id alone (as before ids named the organization) keeps it', async (t) => {
  const { useCases, ports, clock, a, mine } = await memoryTracing();
  const legacy = createInferenceResult(
    { sessionId: mine.session.id, input: 'earlier export' },
    { id: legacyOtelInferenceResultId(TRACE), organizationId: mine.session.organizationId, now: clock.now() },
  );
  await ports.inferenceResults.insert(legacy);
  // No routing attribute: only the stored inference result can place the trace.
  t.is(await useCases.ingestOtelSpans.execute(a.member, [otelSpan('0000000000000003', {})]), null);
  t.is((await useCases.listSpans.execute(a.member, { inferenceResultIds: [legacy.id] })).length, 1);
  t.is((await useCases.listInferenceResults.execute(a.member, { sessionIds: [mine.session.id] })).length, 2);
});

test('one session per conversation of a version, across exports', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const conversation = { 'gen_ai.conversation.id': 'conv-1', 'assay.version.id': mine.version.id };
  await useCases.ingestOtelSpans.execute(a.member, [otelSpan('0000000000000001', conversation)]);
  await useCases.ingestOtelSpans.execute(a.member, [otelSpan('0000000000000001', conversation, 'f'.repeat(32))]);
  const sessions = await useCases.listSessions.execute(a.member, { customIds: ['conv-1'] });
  t.is(sessions.length, 1);
  t.like(sessions[0], { versionId: mine.version.id, isProduction: true });
  t.is((await useCases.listInferenceResults.execute(a.member, { sessionIds: [sessions[0].id] })).length, 2);
});

/** Traces that cannot be placed are refused and counted, with the reason; other organizations' ids are unknown. */
const unplaced: {
  rule: string;
  attributes: (world: Awaited<ReturnType<typeof memoryTracing>>) => object;
  why: RegExp;
}[] = [
  {
    rule: 'a session of another organization is unknown',
    attributes: ({ theirs }) => ({ 'assay.session.id': theirs.session.id }),
    why: /session .* not found/,
  },
  {
    rule: 'a version of another organization is unknown',
    attributes: ({ theirs }) => ({ 'gen_ai.conversation.id': 'c', 'assay.version.id': theirs.version.id }),
    why: /version .* not found/,
  },
  {
    rule: 'a conversation needs a version',
    attributes: () => ({ 'gen_ai.conversation.id': 'c' }),
    why: /assay\.version\.id is needed/,
  },
  { rule: 'a trace naming nothing has no place', attributes: () => ({}), why: /no assay\.inference_result\.id/ },
];

for (const { rule, attributes, why } of unplaced) {
  test(`unplaced: ${rule}`, async (t) => {
    const world = await memoryTracing();
    const before = await storeSnapshot(world);
    const outcome = await world.useCases.ingestOtelSpans.execute(world.a.member, [
      otelSpan('0000000000000001', attributes(world) as Record<string, unknown>),
    ]);
    t.is(outcome?.rejectedSpans, 1);
    t.regex(outcome?.errorMessage ?? '', why);
    t.deepEqual(await storeSnapshot(world), before);
  });
}

test('a trace another organization already exported is placed apart: each has its own inference result of it', async (t) => {
  const { useCases, a, b, mine, theirs } = await memoryTracing();
  await useCases.ingestOtelSpans.execute(b.member, [
    otelSpan('0000000000000001', { 'assay.session.id': theirs.session.id }),
  ]);
  const before = await useCases.listInferenceResults.execute(b.member, { sessionIds: [theirs.session.id] });
  t.is(
    await useCases.ingestOtelSpans.execute(a.member, [
      otelSpan('0000000000000002', { 'assay.session.id': mine.session.id }),
    ]),
    null,
  );
  const mineNow = await useCases.listInferenceResults.execute(a.member, { sessionIds: [mine.session.id] });
  const placed = mineNow.find((result) => result.id !== mine.result.id);
  t.truthy(placed);
  t.false(before.some((result) => result.id === placed?.id));
  t.deepEqual(await useCases.listInferenceResults.execute(b.member, { sessionIds: [theirs.session.id] }), before);
  t.deepEqual(
    (await useCases.listSpans.execute(a.member, { inferenceResultIds: [placed!.id] })).map((span) => span.name),
    ['span 0000000000000002'],
  );
});

allOrNothingTable<MemoryTracingWorld>('all or nothing', memoryTracing, [
  {
    rule: 'the session and inference result a trace opens are stored with its spans, or not at all',
    breaks: { port: 'spans', method: 'insertNew' },
    act: (broken, { a, mine }) =>
      broken.ingestOtelSpans.execute(a.member, [
        otelSpan('0000000000000001', { 'gen_ai.conversation.id': 'conv-1', 'assay.version.id': mine.version.id }),
      ]),
  },
]);

test('a large export is stored in chunks of whole traces: a trace longer than a chunk stays whole, every parent settles', async (t) => {
  const { useCases, ports, a, mine } = await memoryTracing();
  const hex = (n: number, width: number) => n.toString(16).padStart(width, '0');
  const trace = (number: number) => `${'c'.repeat(16)}${hex(number, 16)}`;
  // Trace 1 has 3000 spans (longer than a chunk), traces 2–11 have 100 each; children arrive before their root.
  const spans = [3000, ...Array.from({ length: 10 }, () => 100)].flatMap((size, index) =>
    Array.from({ length: size }, (_, position) => ({
      ...decodedSpan({
        traceId: trace(index + 1),
        spanId: hex(size - position, 16),
        name: `span ${position}`,
        attributes: { 'assay.session.id': mine.session.id },
      }),
      parentSpanId: position === size - 1 ? null : hex(1, 16),
    })),
  );
  t.is(await useCases.ingestOtelSpans.execute(a.member, spans), null);
  t.is(await ports.spans.count(a.organizationId, {}), 4000 + 1);
  t.is(await ports.spans.count(a.organizationId, { where: [{ field: 'parentPending', op: 'eq', value: true }] }), 0);
  t.is((await useCases.listInferenceResults.execute(a.member, { sessionIds: [mine.session.id] })).length, 11 + 1);
});
