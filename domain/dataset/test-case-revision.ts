import { IllegalTransition, IssueCollector } from '../errors.ts';
import { patch } from '../shared/fields.ts';
import {
  ANNOTATION_FIELDS,
  CONTENT_FIELDS,
  normalise,
  type TestCase,
  type TestCaseFields,
  textContext,
  textInput,
  validateTestCase,
} from './test-case.ts';

// Test case revisions: a change of evaluation content forks a new revision of the family; the old one turns legacy.

export interface TestCaseChange {
  readonly updated: TestCase;
  readonly revision: TestCase | null;
}

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
const changed = (fields: readonly (keyof TestCase)[], before: TestCase, after: TestCase): boolean =>
  fields.some((field) => !sameValue(after[field], before[field]));
const NO_ANNOTATIONS = { reviewedById: null, userScore: null, userScoreReason: null } as const;

/** The revision a change of evaluation content forks: its id, the user making the change, and the time. */
export interface NewRevision {
  readonly revisionId: string;
  readonly userId: string;
  readonly now: string;
}

/**
 * Applies a PATCH to the active head (a legacy revision is an IllegalTransition). A change of evaluation content forks
 * revision `revisionId` by `userId`: the annotations start empty there unless this same PATCH sets them. Anything
 * else (annotations, descriptive fields) updates the head in place.
 */
export function changeTestCase(
  testCase: TestCase,
  changes: TestCaseFields,
  { revisionId, userId, now }: NewRevision,
): TestCaseChange {
  if (testCase.legacyAt !== null)
    throw new IllegalTransition(
      'superseded',
      'change',
      `Test case ${testCase.id} was superseded by a newer revision; change the latest one`,
    );
  const { input, context, ...fields } = changes;
  const next = normalise(
    patch(testCase, {
      ...fields,
      input: input === undefined ? undefined : textInput(input),
      context: context === undefined ? undefined : textContext(context),
    } as Partial<TestCase>),
  );
  const issues = new IssueCollector();
  validateTestCase(next, issues);
  issues.throwIfAny();
  if (!changed(CONTENT_FIELDS, testCase, next)) return { updated: next, revision: null };
  const annotations = Object.fromEntries(
    ANNOTATION_FIELDS.filter((field) => changes[field] !== undefined).map((field) => [field, next[field]]),
  );
  return {
    updated: { ...testCase, legacyAt: now },
    revision: {
      ...next,
      ...NO_ANNOTATIONS,
      ...annotations,
      id: revisionId,
      userId,
      parentTestCaseId: testCase.id,
      createdAt: now,
      version: 0,
    },
  };
}

/** The revisions of one family, oldest first: the root, then each fork. */
export function familyOf(testCases: readonly TestCase[], testCaseGroupId: string): TestCase[] {
  return testCases
    .filter((testCase) => testCase.testCaseGroupId === testCaseGroupId)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** The active head of each family: the revisions not superseded. */
export const activeHeads = (testCases: readonly TestCase[]): TestCase[] =>
  testCases.filter((testCase) => testCase.legacyAt === null);
