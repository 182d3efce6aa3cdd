import { CsvError, parse } from 'csv-parse/sync';
import { InvalidInput } from '../../domain/errors.ts';
import type { ImportedRow } from '../../domain/dataset/test-case-import.ts';
import type { TestCaseFields } from '../../domain/dataset/test-case.ts';

type Kind = 'objectOrText' | 'text' | 'list' | 'number' | 'integer' | 'boolean';

/** Fields a file cannot set: the reviewer, the credits used and the test case it was copied from. */
type NotImported = 'reviewedById' | 'creditsUsed' | 'sourceTestCaseId';
type ImportedField = Exclude<keyof TestCaseFields, NotImported>;

/**
 * The columns an import understands (snake_case headers are accepted too) and how each cell is read: every field of a
 * test case a caller may send, so a new field fails to compile here until it has a column or is not imported.
 */
const COLUMNS: { readonly [Field in ImportedField]-?: Kind } = {
  input: 'objectOrText',
  context: 'objectOrText',
  expectedOutput: 'text',
  expectedTools: 'list',
  source: 'text',
  sourceFile: 'text',
  confidence: 'number',
  confidenceReason: 'text',
  variant: 'text',
  strategy: 'text',
  languageCode: 'text',
  gender: 'text',
  backgroundNoiseProfile: 'text',
  backgroundNoiseLevel: 'text',
  userPersona: 'text',
  scenario: 'text',
  goal: 'text',
  archetype: 'text',
  specRelevance: 'text',
  stoppingCriterias: 'list',
  maxIterations: 'integer',
  isAugmented: 'boolean',
  userScore: 'number',
  userScoreReason: 'text',
};
const ALIASES: Record<string, ImportedField> = {
  userMessage: 'input',
  question: 'input',
  expectedAnswer: 'expectedOutput',
};

const camel = (header: string): string =>
  header.trim().replace(/[_\s-]+([a-zA-Z0-9])/g, (_, letter: string) => letter.toUpperCase());

function readCell(kind: Kind, cell: string): unknown {
  switch (kind) {
    case 'text':
      return cell;
    case 'objectOrText': {
      if (!cell.trimStart().startsWith('{')) return cell;
      const parsed: unknown = JSON.parse(cell);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
        throw new Error('must be a JSON object or plain text');
      return parsed;
    }
    case 'list': {
      if (!cell.trimStart().startsWith('['))
        return cell
          .split('|')
          .map((item) => item.trim())
          .filter((item) => item !== '');
      const parsed: unknown = JSON.parse(cell);
      if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string'))
        throw new Error('must be a JSON array of strings or items separated by |');
      return parsed;
    }
    case 'number':
    case 'integer': {
      const value = Number(cell.trim());
      if (!Number.isFinite(value) || (kind === 'integer' && !Number.isInteger(value)))
        throw new Error(`must be ${kind === 'integer' ? 'an integer' : 'a number'}`);
      return value;
    }
    case 'boolean': {
      const value = cell.trim().toLowerCase();
      if (['true', '1', 'yes'].includes(value)) return true;
      if (['false', '0', 'no'].includes(value)) return false;
      throw new Error('must be true or false');
    }
  }
}

function readRow(fields: readonly string[], cells: readonly string[]): ImportedRow {
  const values: Record<string, unknown> = {};
  const problems: { path: string; message: string }[] = [];
  fields.forEach((field, index) => {
    const cell = cells[index] ?? '';
    if (cell.trim() === '') return;
    try {
      values[field] = readCell(COLUMNS[field as ImportedField], cell);
    } catch (error) {
      problems.push({
        path: field,
        message: error instanceof SyntaxError ? 'is not valid JSON' : (error as Error).message,
      });
    }
  });
  return { fields: values, problems };
}

/**
 * Reads a CSV file of test cases: a header row naming fields, then one test case per row. Empty cells are absent
 * fields; `input` and `context` cells are plain text or a JSON object; list cells are a JSON array or `a|b|c`.
 */
export function parseTestCaseCsv(text: string): ImportedRow[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false });
  } catch (error) {
    if (error instanceof CsvError) throw InvalidInput.of('body', `not valid CSV: ${error.message}`);
    throw error;
  }
  const [header, ...rows] = records;
  if (!header) throw InvalidInput.of('body', 'the file is empty: send a header row, then one row per test case');
  const fields = header.map((column) => ALIASES[camel(column)] ?? camel(column));
  const issues = [
    ...fields.flatMap((field, index) =>
      field in COLUMNS
        ? []
        : [
            {
              path: `columns.${header[index].trim()}`,
              message: `unknown column; known: ${Object.keys(COLUMNS).join(', ')}`,
            },
          ],
    ),
    ...fields.flatMap((field, index) =>
      fields.indexOf(field) !== index ? [{ path: `columns.${header[index].trim()}`, message: 'appears twice' }] : [],
    ),
    ...(fields.includes('input') ? [] : [{ path: 'columns.input', message: 'is required' }]),
  ];
  if (issues.length > 0) throw new InvalidInput(issues);
  return rows.map((cells) => readRow(fields, cells));
}
