import test from 'ava';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryTracing, tracingOf, type MemoryTracingWorld } from '../../support/memory-tracing.ts';

/** What sessions and turns may be written on. */
accessTable<MemoryTracingWorld>('sessions', memoryTracing, [
  {
    rule: 'a finished session cannot be finished again',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.finishSession.execute(a.member, mine.session.id, { stoppingReason: 'done' })),
    act: ({ useCases, a, mine }) => useCases.finishSession.execute(a.member, mine.session.id, { error: 'late' }),
    expected: 'conflict',
  },
  {
    rule: 'a custom id names one session per version',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSession.execute(a.member, { versionId: mine.version.id, customId: 'call-1' })),
    act: ({ useCases, a, mine }) =>
      useCases.createSession.execute(a.member, { versionId: mine.version.id, customId: 'call-1' }),
    expected: 'conflict',
  },
  {
    rule: 'the same custom id on another version is another session',
    prepare: async ({ useCases, a, mine }) =>
      void (await useCases.createSession.execute(a.member, { versionId: mine.version.id, customId: 'call-1' })),
    act: async ({ useCases, a, mine }) => {
      const next = await useCases.createVersion.execute(a.owner, { productId: mine.product.id });
      return useCases.createSession.execute(a.member, { versionId: next.id, customId: 'call-1' });
    },
    expected: 'allowed',
  },
  {
    rule: 'a deleted version takes no session',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteVersion.execute(a.owner, mine.version.id)),
    act: ({ useCases, a, mine }) => useCases.createSession.execute(a.member, { versionId: mine.version.id }),
    expected: 'not_found',
  },
  {
    rule: 'a deleted test case runs no session',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteTestCase.execute(a.owner, mine.testCase.id)),
    act: ({ useCases, a, mine }) =>
      useCases.createSession.execute(a.member, { versionId: mine.version.id, testCaseId: mine.testCase.id }),
    expected: 'not_found',
  },
  {
    rule: 'a deleted session takes no turn',
    prepare: async ({ useCases, a, mine }) => void (await useCases.deleteSession.execute(a.member, mine.session.id)),
    act: ({ useCases, a, mine }) =>
      useCases.createInferenceResult.execute(a.member, { sessionId: mine.session.id, input: 'x' }),
    expected: 'not_found',
  },
]);

test('deleting a session deletes its turns and their spans, and no other session’s', async (t) => {
  const world = await memoryTracing();
  const { useCases, a, mine } = world;
  const sibling = await tracingOf(useCases, a.owner, 'Sibling');
  const deletion = await useCases.deleteSession.execute(a.member, mine.session.id);
  t.deepEqual(deletion, { id: mine.session.id, deletedAt: world.clock.now() });
  await t.throwsAsync(useCases.getInferenceResult.execute(a.member, mine.result.id), { code: 'not_found' });
  await t.throwsAsync(useCases.getSpan.execute(a.member, mine.span.id), { code: 'not_found' });
  t.like(await useCases.getInferenceResult.execute(a.member, sibling.result.id), { deletedAt: null });
  t.like(await useCases.getSpan.execute(a.member, sibling.span.id), { deletedAt: null });
});

test("deleting a turn deletes its spans only; the session's other turns keep theirs", async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const other = await useCases.createInferenceResult.execute(a.member, { sessionId: mine.session.id, input: 'Next' });
  const {
    created: [kept],
  } = await useCases.ingestSpans.execute(a.member, [{ inferenceResultId: other.id, name: 'kept' }]);
  await useCases.deleteInferenceResult.execute(a.member, mine.result.id);
  await t.throwsAsync(useCases.getSpan.execute(a.member, mine.span.id), { code: 'not_found' });
  t.like(await useCases.getSpan.execute(a.member, kept.id), { deletedAt: null });
  t.like(await useCases.getSession.execute(a.member, mine.session.id), { deletedAt: null });
});

test('a recorded conversation becomes the turns of its session, in order', async (t) => {
  const { useCases, a, mine } = await memoryTracing();
  const session = await useCases.createSession.execute(a.member, { versionId: mine.version.id });
  const results = await useCases.createConversationResults.execute(a.member, session.id, [
    { role: 'user', content: 'Hi' },
    { role: 'assistant', content: 'Hello' },
    { role: 'user', content: 'Bye' },
  ]);
  t.deepEqual(
    results.map(({ sessionId, input, output, status }) => ({ sessionId, input, output, status })),
    [
      { sessionId: session.id, input: 'Hi', output: 'Hello', status: 'COMPLETED' },
      { sessionId: session.id, input: 'Bye', output: null, status: 'PENDING' },
    ],
  );
  const stored = await useCases.listInferenceResults.execute(a.member, { sessionIds: [session.id] });
  t.deepEqual(stored.map((result) => result.id).sort(), results.map((result) => result.id).sort());
});

allOrNothingTable<MemoryTracingWorld>('all or nothing', memoryTracing, [
  {
    rule: 'a session is deleted with its turns and their spans, or not at all',
    breaks: { port: 'spans', method: 'softDeleteWhere' },
    act: (broken, { a, mine }) => broken.deleteSession.execute(a.member, mine.session.id),
  },
  {
    rule: 'a turn is deleted with its spans, or not at all',
    breaks: { port: 'spans', method: 'softDeleteWhere' },
    act: (broken, { a, mine }) => broken.deleteInferenceResult.execute(a.member, mine.result.id),
  },
]);
