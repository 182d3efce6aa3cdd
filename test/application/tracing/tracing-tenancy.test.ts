import test from 'ava';
import { accessTable, unknownToOthers } from '../../support/rule-tables.ts';
import { memoryTracing, type MemoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';
import { onTheirs } from '../../support/tenancy-acts.ts';

/**
 * Another organization's versions, test cases, sessions, inference results and spans behave as unknown ids; a span
 * batch naming one is refused whole (403), as the batch cannot be split by owner.
 */
unknownToOthers<MemoryTracingWorld>(memoryTracing, {
  "opening a session on another organization's version": ({ useCases, a, theirs }) =>
    useCases.createSession.execute(a.member, { versionId: theirs.version.id }),
  "running a session from another organization's test case": ({ useCases, a, mine, theirs }) =>
    useCases.createSession.execute(a.member, { versionId: mine.version.id, testCaseId: theirs.testCase.id }),
  ...onTheirs<MemoryTracing>('session', 'member', (theirs) => theirs.session.id, {
    reading: (useCases, actor, id) => useCases.getSession.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateSession.execute(actor, id, { customId: 'x' }),
    finishing: (useCases, actor, id) => useCases.finishSession.execute(actor, id, {}),
    deleting: (useCases, actor, id) => useCases.deleteSession.execute(actor, id),
  }),
  "recording a turn in another organization's session": ({ useCases, a, theirs }) =>
    useCases.createInferenceResult.execute(a.member, { sessionId: theirs.session.id, input: 'x' }),
  "recording a conversation in another organization's session": ({ useCases, a, theirs }) =>
    useCases.createConversationResults.execute(a.member, theirs.session.id, [{ role: 'user', content: 'x' }]),
  ...onTheirs<MemoryTracing>('inference result', 'member', (theirs) => theirs.result.id, {
    reading: (useCases, actor, id) => useCases.getInferenceResult.execute(actor, id),
    changing: (useCases, actor, id) => useCases.updateInferenceResult.execute(actor, id, { output: 'x' }),
    deleting: (useCases, actor, id) => useCases.deleteInferenceResult.execute(actor, id),
  }),
  "reading another organization's span": ({ useCases, a, theirs }) =>
    useCases.getSpan.execute(a.member, theirs.span.id),
  "deleting another organization's span, even alongside one's own": ({ useCases, a, mine, theirs }) =>
    useCases.deleteSpans.execute(a.member, [mine.span.id, theirs.span.id]),
});

accessTable<MemoryTracingWorld>('tenancy', memoryTracing, [
  {
    rule: "a span batch naming another organization's inference result is refused whole",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.ingestSpans.execute(a.member, [
        { inferenceResultId: mine.result.id, name: 'mine' },
        { inferenceResultId: theirs.result.id, name: 'theirs' },
      ]),
    expected: 'forbidden',
  },
]);

test('a span id another organization holds is free for mine: stored as my own span, theirs untouched', async (t) => {
  const { useCases, a, b, mine, theirs } = await memoryTracing();
  const result = await useCases.ingestSpans.execute(a.member, [
    { inferenceResultId: mine.result.id, id: theirs.span.id, name: 'mine too' },
  ]);
  t.like(result.created, [{ id: theirs.span.id, inferenceResultId: mine.result.id, name: 'mine too' }]);
  t.like(await useCases.getSpan.execute(a.member, theirs.span.id), { inferenceResultId: mine.result.id });
  t.like(await useCases.getSpan.execute(b.member, theirs.span.id), { inferenceResultId: theirs.result.id });
});

test("lists never show another organization's sessions, turns or spans", async (t) => {
  const { useCases, a, theirs } = await memoryTracing();
  t.deepEqual(await useCases.listSessions.execute(a.member, { ids: [theirs.session.id] }), []);
  t.deepEqual(await useCases.listInferenceResults.execute(a.member, { sessionIds: [theirs.session.id] }), []);
  t.deepEqual(await useCases.listSpans.execute(a.member, { sessionIds: [theirs.session.id] }), []);
});
