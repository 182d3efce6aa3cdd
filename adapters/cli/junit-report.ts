import type { GateRow } from './gate.ts';
import type { TestCaseResult } from './test-case-results.ts';

const xml = (text: string) =>
  text.replace(/[<>&"]/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[char] ?? char);

interface Case {
  readonly name: string;
  readonly failure: string | null;
  readonly detail: string;
}

function suite(name: string, classname: string, cases: readonly Case[]): string {
  const failures = cases.filter((entry) => entry.failure).length;
  const lines = cases.map(
    (entry) =>
      `    <testcase classname="${xml(classname)}" name="${xml(entry.name)}">` +
      (entry.failure ? `<failure message="${xml(entry.failure)}"/>` : '') +
      `<system-out>${xml(entry.detail)}</system-out></testcase>`,
  );
  return `  <testsuite name="${xml(name)}" tests="${cases.length}" failures="${failures}">\n${lines.join('\n')}\n  </testsuite>`;
}

/**
 * The gate as JUnit XML: a suite with one test case per metric (failing as the gate does; with no metric at all, one
 * failing case saying why), and a suite with one test case per test case played (failing for a failed session or a
 * score below the minimum).
 */
export function junit(
  runId: string,
  rows: readonly GateRow[],
  testCases: readonly TestCaseResult[],
  nothingToGate: string | null,
): string {
  const metrics: Case[] = rows.map((row) => ({
    name: row.metricName,
    failure: row.failure,
    detail: `mean=${row.mean} min=${row.min} max=${row.max} passRate=${row.passRate}`,
  }));
  if (nothingToGate !== null) metrics.push({ name: 'evaluations', failure: nothingToGate, detail: '' });
  const classname = `assay.${runId}`;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="assay run ${xml(runId)}">`,
    suite(`assay run ${runId}`, classname, metrics),
    suite(`assay run ${runId} test cases`, `${classname}.testCases`, testCases),
    '</testsuites>',
    '',
  ].join('\n');
}
