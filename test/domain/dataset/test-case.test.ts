import test from 'ava';
import { importTestCases } from '../../../domain/dataset/test-case-import.ts';
import { activeHeads, changeTestCase, familyOf } from '../../../domain/dataset/test-case-revision.ts';
import { createTestCase, type NewTestCase } from '../../../domain/dataset/test-case.ts';
import { Conflict, type InvalidInput } from '../../../domain/errors.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-02T00:00:00.000Z';
const make = (input: Partial<NewTestCase>) =>
  createTestCase(
    { datasetId: 'test_1', input: 'Hi', ...input },
    { id: 'testCase_1', organizationId: 'org_1', userId: 'user_1', now: NOW },
  );
const paths = (error: unknown) => (error as InvalidInput).issues.map((issue) => issue.path);

test('plain text input and context take their object forms', (t) => {
  const testCase = make({ input: 'Hello', context: 'Facts' });
  t.deepEqual(testCase.input, { user_message: 'Hello' });
  t.deepEqual(testCase.context, { value: 'Facts' });
  t.is(testCase.testCaseGroupId, testCase.id);
  t.deepEqual(make({ input: { user_message: 'x', locale: 'fr' } }).input, { user_message: 'x', locale: 'fr' });
});

test('language tags are kept whole, in canonical case', (t) => {
  t.is(make({ languageCode: 'en-gb' }).languageCode, 'en-GB');
  t.is(make({ languageCode: 'sr-latn-rs' }).languageCode, 'sr-Latn-RS');
});

const refusals: [string, Partial<NewTestCase>, string[]][] = [
  ['bad language', { languageCode: 'en-' }, ['languageCode']],
  ['noise profile without level', { backgroundNoiseProfile: 'car' }, ['backgroundNoiseLevel']],
  ['noise level without profile', { backgroundNoiseLevel: 'heavy' }, ['backgroundNoiseProfile']],
  ['unknown gender', { gender: 'ROBOT' as never }, ['gender']],
  ['zero iterations', { maxIterations: 0 }, ['maxIterations']],
  ['negative credits', { creditsUsed: -1 }, ['creditsUsed']],
  ['infinite confidence', { confidence: Number.POSITIVE_INFINITY }, ['confidence']],
  ['confidence above 1', { confidence: 1.2 }, ['confidence']],
  ['negative user score', { userScore: -0.1 }, ['userScore']],
  ['array context', { context: ['x'] as never }, ['context']],
  ['blank expected tool', { expectedTools: [' '] }, ['expectedTools.0']],
];
for (const [name, input, expected] of refusals) {
  test(`refused: ${name}`, (t) => t.deepEqual(paths(t.throws(() => make(input))), expected));
}

const CONTENT_CHANGES: [string, Partial<NewTestCase>][] = [
  ['input', { input: 'Hey' }],
  ['expectedOutput', { expectedOutput: 'Hi there' }],
  ['context', { context: { value: 'facts' } }],
  ['expectedTools', { expectedTools: ['lookup'] }],
  ['userPersona', { userPersona: 'Impatient' }],
  ['scenario', { scenario: 'Lost card' }],
  ['goal', { goal: 'Block it' }],
  ['stoppingCriterias', { stoppingCriterias: ['bye'] }],
  ['maxIterations', { maxIterations: 4 }],
  ['languageCode', { languageCode: 'fr' }],
  ['gender', { gender: 'MALE' }],
  ['noise', { backgroundNoiseProfile: 'car', backgroundNoiseLevel: 'light' }],
];
for (const [field, change] of CONTENT_CHANGES) {
  test(`fork: changing ${field} makes a new head and supersedes the edited revision`, (t) => {
    const original = make({ expectedOutput: 'Hi', userScore: 0.5, userScoreReason: 'meh', reviewedById: 'user_9' });
    const { updated, revision } = changeTestCase(original, change, {
      revisionId: 'testCase_2',
      userId: 'user_2',
      now: LATER,
    });
    t.is(updated.id, original.id);
    t.is(updated.legacyAt, LATER);
    t.is(updated.expectedOutput, 'Hi', 'the superseded revision keeps its content');
    t.truthy(revision);
    t.is(revision!.id, 'testCase_2');
    t.is(revision!.testCaseGroupId, original.testCaseGroupId);
    t.is(revision!.parentTestCaseId, original.id);
    t.is(revision!.legacyAt, null);
    t.is(revision!.userId, 'user_2');
    t.is(revision!.createdAt, LATER);
    t.deepEqual(
      [revision!.reviewedById, revision!.userScore, revision!.userScoreReason],
      [null, null, null],
      'annotations reset on the new head',
    );
  });
}

test('in place: annotation-only and descriptive edits keep the revision', (t) => {
  const original = make({ expectedOutput: 'Hello' });
  const reviewed = changeTestCase(
    original,
    { userScore: 1, reviewedById: 'user_2', userScoreReason: 'good' },
    { revisionId: 'testCase_2', userId: 'user_2', now: LATER },
  );
  t.is(reviewed.revision, null);
  t.is(reviewed.updated.id, original.id);
  t.is(reviewed.updated.userScore, 1);
  t.is(reviewed.updated.legacyAt, null);
  const described = changeTestCase(
    original,
    { variant: 'typo', strategy: 'paraphrase', confidence: 0.9 },
    { revisionId: 'testCase_2', userId: 'user_2', now: LATER },
  );
  t.is(described.revision, null);
  t.is(described.updated.variant, 'typo');
  t.is(
    changeTestCase(original, { expectedOutput: 'Hello' }, { revisionId: 'testCase_3', userId: 'user_2', now: LATER })
      .revision,
    null,
    'an unchanged value forks nothing',
  );
  const both = changeTestCase(
    original,
    { goal: 'x', userScore: 0.2 },
    { revisionId: 'testCase_4', userId: 'user_2', now: LATER },
  );
  t.is(both.revision!.userScore, 0.2, 'annotations sent with a content change land on the new head');
});

test('legacy edit refused: only the active head is editable', (t) => {
  const original = make({});
  const { updated } = changeTestCase(
    original,
    { goal: 'g' },
    { revisionId: 'testCase_2', userId: 'user_2', now: LATER },
  );
  t.throws(() => changeTestCase(updated, { goal: 'x' }, { revisionId: 'testCase_3', userId: 'user_2', now: LATER }), {
    instanceOf: Conflict,
  });
  t.throws(
    () => changeTestCase(updated, { userScore: 1 }, { revisionId: 'testCase_3', userId: 'user_2', now: LATER }),
    { instanceOf: Conflict },
  );
});

test('family listing: the root, then each fork; one active head', (t) => {
  const root = make({});
  t.is(root.parentTestCaseId, null);
  t.is(root.testCaseGroupId, root.id);
  const first = changeTestCase(root, { goal: 'a' }, { revisionId: 'testCase_2', userId: 'user_1', now: LATER });
  const second = changeTestCase(
    first.revision!,
    { goal: 'b' },
    { revisionId: 'testCase_3', userId: 'user_1', now: '2026-01-03T00:00:00.000Z' },
  );
  const stranger = createTestCase(
    { datasetId: 'test_1', input: 'x' },
    { id: 'testCase_9', organizationId: 'org_1', userId: 'user_1', now: NOW },
  );
  const all = [second.revision!, stranger, first.updated, second.updated];
  t.deepEqual(
    familyOf(all, root.id).map((testCase) => testCase.id),
    ['testCase_1', 'testCase_2', 'testCase_3'],
  );
  t.deepEqual(
    familyOf(all, root.id).map((testCase) => testCase.parentTestCaseId),
    [null, 'testCase_1', 'testCase_2'],
  );
  t.deepEqual(
    activeHeads(familyOf(all, root.id)).map((testCase) => testCase.id),
    ['testCase_3'],
  );
});

test('an import reports every row problem under rows.<row number, from 1> and builds nothing on failure', (t) => {
  let counter = 0;
  const context = {
    datasetId: 'test_1',
    organizationId: 'org_1',
    userId: 'user_1',
    now: NOW,
    nextId: () => `testCase_${++counter}`,
  };
  const built = importTestCases(
    [{ fields: { input: 'a' } }, { fields: { input: 'b', languageCode: 'fr-ca' } }],
    context,
  );
  t.deepEqual(
    built.map((testCase) => testCase.languageCode),
    [null, 'fr-CA'],
  );
  const error = t.throws(() =>
    importTestCases(
      [
        { fields: { input: 'ok' } },
        { fields: { languageCode: '??' }, problems: [{ path: 'maxIterations', message: 'must be an integer' }] },
      ],
      context,
    ),
  );
  t.deepEqual(paths(error).sort(), ['rows.2.input', 'rows.2.languageCode', 'rows.2.maxIterations']);
  t.regex(error!.message, /nothing was stored/);
  t.regex(error!.message, /row 2: languageCode must be/);
  t.deepEqual(paths(t.throws(() => importTestCases([], context))), ['rows']);
});
