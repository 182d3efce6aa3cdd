import test from 'ava';
import { accessTable } from '../../support/rule-tables.ts';
import { memoryTracing, type MemoryTracingWorld } from '../../support/memory-tracing.ts';

/**
 * Another organization's versions, test cases, sessions, inference results and spans behave as unknown ids; a span
 * batch naming one is refused whole (403), as the batch cannot be split by owner.
 */
accessTable<MemoryTracingWorld>('tenancy', memoryTracing, [
  {
    rule: "opening a session on another organization's version",
    act: ({ useCases, a, theirs }) => useCases.createSession.execute(a.member, { versionId: theirs.version.id }),
    expected: 'not_found',
  },
  {
    rule: "running a session from another organization's test case",
    act: ({ useCases, a, mine, theirs }) =>
      useCases.createSession.execute(a.member, { versionId: mine.version.id, testCaseId: theirs.testCase.id }),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's session",
    act: ({ useCases, a, theirs }) => useCases.getSession.execute(a.member, theirs.session.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's session",
    act: ({ useCases, a, theirs }) => useCases.updateSession.execute(a.member, theirs.session.id, { customId: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "finishing another organization's session",
    act: ({ useCases, a, theirs }) => useCases.finishSession.execute(a.member, theirs.session.id, {}),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's session",
    act: ({ useCases, a, theirs }) => useCases.deleteSession.execute(a.member, theirs.session.id),
    expected: 'not_found',
  },
  {
    rule: "recording a turn in another organization's session",
    act: ({ useCases, a, theirs }) =>
      useCases.createInferenceResult.execute(a.member, { sessionId: theirs.session.id, input: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "recording a conversation in another organization's session",
    act: ({ useCases, a, theirs }) =>
      useCases.createConversationResults.execute(a.member, theirs.session.id, [{ role: 'user', content: 'x' }]),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's inference result",
    act: ({ useCases, a, theirs }) => useCases.getInferenceResult.execute(a.member, theirs.result.id),
    expected: 'not_found',
  },
  {
    rule: "changing another organization's inference result",
    act: ({ useCases, a, theirs }) =>
      useCases.updateInferenceResult.execute(a.member, theirs.result.id, { output: 'x' }),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's inference result",
    act: ({ useCases, a, theirs }) => useCases.deleteInferenceResult.execute(a.member, theirs.result.id),
    expected: 'not_found',
  },
  {
    rule: "reading another organization's span",
    act: ({ useCases, a, theirs }) => useCases.getSpan.execute(a.member, theirs.span.id),
    expected: 'not_found',
  },
  {
    rule: "deleting another organization's span, even alongside one's own",
    act: ({ useCases, a, mine, theirs }) => useCases.deleteSpans.execute(a.member, [mine.span.id, theirs.span.id]),
    expected: 'not_found',
  },
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
