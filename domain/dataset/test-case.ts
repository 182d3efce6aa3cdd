import { IssueCollector } from '../errors.ts';
import { checkName, checkStrings, checkText, unique } from '../shared/fields.ts';
import { isJsonObject, type JsonObject } from '../shared/json.ts';
import type { CreationBy } from '../shared/record.ts';
import { canonicalLanguageTag, isLanguageTag } from './language-tag.ts';
import { checkVoice, type Gender, type NoiseLevel, type NoiseProfile } from './voice.ts';

/**
 * One test case of a dataset. Test cases are revisioned: changing the evaluation content (CONTENT_FIELDS) forks a
 * new revision with the same `testCaseGroupId` and `parentTestCaseId` = the old one, and stamps the old one
 * `legacyAt`; the human annotations (ANNOTATION_FIELDS) start empty on the new head. Other edits change the active
 * head in place. A family root has `parentTestCaseId` null and `testCaseGroupId` = its own id.
 */
export interface TestCase {
  readonly id: string;
  readonly organizationId: string;
  readonly datasetId: string;
  readonly userId: string;
  readonly input: JsonObject;
  readonly expectedOutput: string | null;
  readonly expectedTools: readonly string[];
  readonly context: JsonObject | null;
  readonly source: string | null;
  readonly sourceFile: string | null;
  readonly confidence: number | null;
  readonly confidenceReason: string | null;
  readonly variant: string | null;
  readonly strategy: string | null;
  readonly languageCode: string | null;
  readonly gender: Gender | null;
  readonly backgroundNoiseProfile: NoiseProfile | null;
  readonly backgroundNoiseLevel: NoiseLevel | null;
  readonly userPersona: string | null;
  readonly scenario: string | null;
  readonly goal: string | null;
  readonly archetype: string | null;
  readonly specRelevance: string | null;
  readonly stoppingCriterias: readonly string[];
  readonly maxIterations: number | null;
  readonly isAugmented: boolean;
  readonly reviewedById: string | null;
  readonly userScore: number | null;
  readonly userScoreReason: string | null;
  readonly creditsUsed: number | null;
  readonly sourceTestCaseId: string | null;
  readonly testCaseGroupId: string;
  readonly parentTestCaseId: string | null;
  readonly legacyAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** The evaluation content: changing any of these forks a new revision. */
export const CONTENT_FIELDS = [
  'input',
  'expectedOutput',
  'context',
  'expectedTools',
  'userPersona',
  'scenario',
  'goal',
  'stoppingCriterias',
  'maxIterations',
  'languageCode',
  'gender',
  'backgroundNoiseProfile',
  'backgroundNoiseLevel',
] as const;

/** The human annotations of a revision: edited in place, reset on a new revision. */
export const ANNOTATION_FIELDS = ['reviewedById', 'userScore', 'userScoreReason'] as const;

type Settable = Omit<
  TestCase,
  | 'id'
  | 'organizationId'
  | 'datasetId'
  | 'userId'
  | 'testCaseGroupId'
  | 'parentTestCaseId'
  | 'legacyAt'
  | 'createdAt'
  | 'deletedAt'
  | 'version'
  | 'input'
  | 'context'
>;

/** What a caller sends: `input` and `context` may be plain text (stored as `{user_message}` and `{value}`). */
export type TestCaseFields = Partial<Settable> & {
  readonly input?: JsonObject | string;
  readonly context?: JsonObject | string | null;
};
export type NewTestCase = TestCaseFields & { readonly datasetId: string; readonly input: JsonObject | string };

export const MAX_ITERATIONS_LIMIT = 1000;

/** The plain-text forms of input and context. */
export const textInput = (value: JsonObject | string): JsonObject =>
  typeof value === 'string' ? { user_message: value } : value;
export const textContext = (value: JsonObject | string | null): JsonObject | null =>
  typeof value === 'string' ? { value } : value;

/** What a number field must be: an integer or any finite number, at least `min`, at most `max`. */
interface NumberRules {
  readonly integer?: boolean;
  readonly min?: number;
  readonly max?: number;
}

function checkNumber(
  issues: IssueCollector,
  path: string,
  value: number | null,
  { integer = false, min, max }: NumberRules,
): void {
  if (value === null) return;
  if (!Number.isFinite(value)) {
    issues.add(path, 'must be a finite number');
    return;
  }
  if (integer) issues.check(Number.isInteger(value), path, 'must be an integer');
  if (min !== undefined && max !== undefined)
    issues.check(value >= min && value <= max, path, `must be between ${min} and ${max}`);
  else if (min !== undefined) issues.check(value >= min, path, `must be at least ${min}`);
}

const TEXT_FIELDS = [
  'expectedOutput',
  'confidenceReason',
  'userPersona',
  'scenario',
  'goal',
  'userScoreReason',
] as const;
const SHORT_FIELDS = ['source', 'sourceFile', 'variant', 'strategy', 'archetype', 'specRelevance'] as const;

/** Checks a whole test case, so a change is validated as the revision it produces. */
export function validateTestCase(
  testCase: TestCase,
  issues = new IssueCollector(),
  prefix = '',
): readonly { path: string; message: string }[] {
  const at = (field: string) => `${prefix}${field}`;
  issues.check(isJsonObject(testCase.input), at('input'), 'must be an object or a text');
  const { context } = testCase;
  if (context !== null) issues.check(isJsonObject(context), at('context'), 'must be an object or a text');
  for (const field of TEXT_FIELDS) checkText(issues, at(field), testCase[field]);
  for (const field of SHORT_FIELDS) checkName(issues, at(field), testCase[field], { nullable: true });
  checkStrings(issues, at('expectedTools'), testCase.expectedTools);
  checkStrings(issues, at('stoppingCriterias'), testCase.stoppingCriterias);
  if (testCase.languageCode !== null)
    issues.check(
      isLanguageTag(testCase.languageCode),
      at('languageCode'),
      'must be a BCP-47 language tag such as en or pt-BR',
    );
  checkNumber(issues, at('confidence'), testCase.confidence, { min: 0, max: 1 });
  checkNumber(issues, at('userScore'), testCase.userScore, { min: 0, max: 1 });
  checkNumber(issues, at('creditsUsed'), testCase.creditsUsed, { integer: true, min: 0 });
  checkNumber(issues, at('maxIterations'), testCase.maxIterations, { integer: true, min: 1 });
  if (testCase.maxIterations !== null)
    issues.check(
      testCase.maxIterations <= MAX_ITERATIONS_LIMIT,
      at('maxIterations'),
      `must be at most ${MAX_ITERATIONS_LIMIT}`,
    );
  checkVoice(issues, testCase, prefix);
  return issues.issues;
}

export function normalise(testCase: TestCase): TestCase {
  return {
    ...testCase,
    stoppingCriterias: unique(testCase.stoppingCriterias),
    languageCode:
      testCase.languageCode && isLanguageTag(testCase.languageCode)
        ? canonicalLanguageTag(testCase.languageCode)
        : testCase.languageCode,
  };
}

/** Builds a test case without throwing: the CSV import collects every row's issues before refusing. */
export function buildTestCase(input: NewTestCase, { id, organizationId, userId, now }: CreationBy): TestCase {
  const { input: given, context, ...fields } = input;
  return normalise({
    expectedOutput: null,
    expectedTools: [],
    source: null,
    sourceFile: null,
    confidence: null,
    confidenceReason: null,
    variant: null,
    strategy: null,
    languageCode: null,
    gender: null,
    backgroundNoiseProfile: null,
    backgroundNoiseLevel: null,
    userPersona: null,
    scenario: null,
    goal: null,
    archetype: null,
    specRelevance: null,
    stoppingCriterias: [],
    maxIterations: null,
    isAugmented: false,
    reviewedById: null,
    userScore: null,
    userScoreReason: null,
    creditsUsed: null,
    sourceTestCaseId: null,
    ...Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)),
    id,
    organizationId,
    userId,
    datasetId: input.datasetId,
    input: textInput(given),
    context: textContext(context ?? null),
    testCaseGroupId: id,
    parentTestCaseId: null,
    legacyAt: null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  });
}

export function createTestCase(input: NewTestCase, creation: CreationBy): TestCase {
  const testCase = buildTestCase(input, creation);
  const issues = new IssueCollector();
  validateTestCase(testCase, issues);
  issues.throwIfAny();
  return testCase;
}
