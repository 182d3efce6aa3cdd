import { InvalidInput, IssueCollector } from '../errors.ts';
import { buildTestCase, validateTestCase, type TestCase, type TestCaseFields } from './test-case.ts';

/** How many rows one import may carry. */
export const IMPORT_ROW_LIMIT = 10_000;

/** One imported row: the fields read from it, and problems met while reading its cells (paths relative to the row). */
export interface ImportedRow {
  readonly fields: TestCaseFields;
  readonly problems?: readonly { path: string; message: string }[];
}

/**
 * Builds the test cases of an import, all or nothing: every row's problems are reported together, each under
 * `rows.<n>.<field>` where n is the row number counting data rows from 1 (the header row is not counted).
 */
export function importTestCases(
  rows: readonly ImportedRow[],
  context: { datasetId: string; organizationId: string; userId: string; now: string; nextId: () => string },
): TestCase[] {
  const issues = new IssueCollector();
  issues.check(rows.length > 0, 'rows', 'the file has no data rows');
  issues.check(rows.length <= IMPORT_ROW_LIMIT, 'rows', `an import takes at most ${IMPORT_ROW_LIMIT} rows`);
  issues.throwIfAny();
  const built = rows.map((row, index) => {
    const at = `rows.${index + 1}.`;
    for (const problem of row.problems ?? []) issues.add(`${at}${problem.path}`, problem.message);
    const inputProblem = row.problems?.some((problem) => problem.path === 'input');
    if (row.fields.input === undefined && !inputProblem) issues.add(`${at}input`, 'is required');
    const testCase = buildTestCase(
      { ...row.fields, input: row.fields.input ?? {}, datasetId: context.datasetId },
      { id: context.nextId(), organizationId: context.organizationId, userId: context.userId, now: context.now },
    );
    validateTestCase(testCase, issues, at);
    return testCase;
  });
  if (issues.issues.length > 0) {
    const rowsWithProblems = [...new Set(issues.issues.map((issue) => Number(issue.path.split('.')[1])))];
    const detail = issues.issues
      .map((issue) => `row ${issue.path.split('.')[1]}: ${issue.path.split('.').slice(2).join('.')} ${issue.message}`)
      .join('; ');
    throw new InvalidInput(
      issues.issues,
      `Import refused, nothing was stored: ${rowsWithProblems.length} bad row(s) (rows count data rows from 1, after the header). ${detail}`,
    );
  }
  return built;
}
