import test from 'ava';
import { IllegalTransition, InvalidInput } from '../../../domain/errors.ts';
import { turnsToResults, createInferenceResult } from '../../../domain/tracing/inference-result.ts';
import {
  createSession,
  finishSession,
  transition,
  updateSession,
  type SessionStatus,
} from '../../../domain/tracing/session.ts';

const now = '2026-01-01T00:00:00.000Z';

const transitions: [SessionStatus, 'finish' | 'fail', SessionStatus | null][] = [
  ['PENDING', 'finish', 'COMPLETED'],
  ['PENDING', 'fail', 'FAILED'],
  ['COMPLETED', 'finish', null],
  ['COMPLETED', 'fail', null],
  ['FAILED', 'finish', null],
  ['FAILED', 'fail', null],
];
for (const [from, event, to] of transitions) {
  test(`session ${from} --${event}--> ${to ?? 'refused'}`, (t) => {
    if (to) t.is(transition(from, event), to);
    else t.throws(() => transition(from, event), { instanceOf: IllegalTransition });
  });
}

const production: [string, { testCaseId?: string; runId?: string; isProduction?: boolean }, boolean | 'refused'][] = [
  ['no test case: production by default', {}, true],
  ['in a run: not production by default', { runId: 'run_1' }, false],
  ['in a run, marked production: refused', { runId: 'run_1', isProduction: true }, 'refused'],
  ['no test case, explicitly not production', { isProduction: false }, false],
  ['a test case: not production by default', { testCaseId: 'testCase_1' }, false],
  ['a test case marked production is refused', { testCaseId: 'testCase_1', isProduction: true }, 'refused'],
];
for (const [label, input, expected] of production) {
  test(`isProduction: ${label}`, (t) => {
    const create = () =>
      createSession({ versionId: 'version_1', ...input }, { id: 'session_1', organizationId: 'org_1', now });
    if (expected === 'refused') t.throws(create, { instanceOf: InvalidInput });
    else t.is(create().isProduction, expected);
  });
}

test('finishing: a stopping reason completes, an error fails; updates keep the test-case rule', (t) => {
  const session = createSession(
    { versionId: 'version_1', testCaseId: 'testCase_1' },
    { id: 'session_1', organizationId: 'org_1', now },
  );
  t.like(finishSession(session, { stoppingReason: 'done' }, now), {
    status: 'COMPLETED',
    stoppingReason: 'done',
    finishedAt: now,
  });
  t.like(finishSession(session, { error: 'boom' }, now), { status: 'FAILED', error: 'boom' });
  t.throws(() => updateSession(session, { isProduction: true }), { instanceOf: InvalidInput });
  t.throws(() => createSession({ versionId: 'v', context: [] as never }, { id: 's', organizationId: 'o', now }), {
    instanceOf: InvalidInput,
  });
});

test('conversation turns pair into inference results', (t) => {
  const results = turnsToResults([
    { role: 'assistant', content: 'Welcome!' },
    { role: 'user', content: 'hi' },
    { role: 'assistant', content: 'hello', retrievalContext: ['a'] },
    { role: 'assistant', content: 'anything else?' },
    { role: 'user', content: 'no' },
  ]);
  t.deepEqual(results, [
    { input: null, output: 'Welcome!', retrievalContext: null, status: 'COMPLETED' },
    { input: 'hi', output: 'hello\n\nanything else?', retrievalContext: ['a'], status: 'COMPLETED' },
    { input: 'no', output: null, retrievalContext: null, status: 'PENDING' },
  ]);
});

test('inference results total their tokens and refuse negative usage', (t) => {
  t.is(
    createInferenceResult({ sessionId: 's', inputTokens: 2, outputTokens: 3 }, { id: 'ir', organizationId: 'o', now })
      .totalTokens,
    5,
  );
  t.is(createInferenceResult({ sessionId: 's' }, { id: 'ir', organizationId: 'o', now }).totalTokens, null);
  t.throws(() => createInferenceResult({ sessionId: 's', cost: -1 }, { id: 'ir', organizationId: 'o', now }), {
    instanceOf: InvalidInput,
  });
  t.throws(() => createInferenceResult({ sessionId: 's', inputTokens: 1.5 }, { id: 'ir', organizationId: 'o', now }), {
    instanceOf: InvalidInput,
  });
});

test('a session in a run cannot be turned into production traffic by an update', (t) => {
  const session = createSession({ versionId: 'version_1', runId: 'run_1' }, { id: 's', organizationId: 'o', now });
  const error = t.throws(() => updateSession(session, { isProduction: true }), { instanceOf: InvalidInput });
  t.is(error.issues[0].path, 'runId');
});
