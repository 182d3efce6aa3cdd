import { listByIds, type Schemas } from './api.ts';
import { excerpt, oneLine } from './format.ts';

export type TestCase = Schemas['TestCase'];

/** Test cases by id (a table's rows name them), in batches. */
export async function testCasesById(ids: readonly string[]): Promise<Map<string, TestCase>> {
  const found = await listByIds('/testCases', ids);
  return new Map(found.map((testCase) => [testCase.id, testCase]));
}

/** A test case's input in a line, cut to fit a cell (the id while it loads, a dash without one). */
export function inputExcerpt(
  cases: ReadonlyMap<string, TestCase>,
  testCaseId: string | null | undefined,
  length = 90,
): string {
  if (!testCaseId) return '—';
  const testCase = cases.get(testCaseId);
  return testCase ? excerpt(oneLine(testCase.input), length) : testCaseId;
}
