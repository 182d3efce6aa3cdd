import type { Schemas } from '../api.ts';
import type { Column } from './data-table.tsx';

type TestCase = Schemas['TestCase'];

/** Whether a dataset's listed test cases include generated ones (its table then shows where they came from). */
export const hasGenerated = (rows: readonly TestCase[]): boolean =>
  rows.some((testCase) => testCase.source === 'generated' || testCase.strategy !== null);

/** A generated test case's strategy (red teaming) and source, beside its variant. */
export const GENERATED_COLUMNS: readonly Column<TestCase>[] = [
  { header: 'Strategy', width: '10rem', cell: (testCase) => testCase.strategy ?? '—' },
  { header: 'Source', width: '7rem', cell: (testCase) => testCase.source ?? '—' },
];
