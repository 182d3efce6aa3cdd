import { CsvError, parse } from 'csv-parse';
import type { Readable } from 'node:stream';
import { InvalidInput } from '../../domain/errors.ts';
import { findJsonProblem, JSON_DEPTH_LIMIT, textProblem } from '../shared/json-input.ts';
import type { ImportedRow } from '../../domain/dataset/test-case-import.ts';
import type { TestCaseFields } from '../../domain/dataset/test-case.ts';

/** The bounds of one CSV import (the row count is bounded by the import itself, `IMPORT_ROW_LIMIT`). */
export const CSV_LIMITS = {
  /** Characters in one row, its cells together (the header row included). */
  rowCharacters: 2 * 1024 * 1024,
  /** Characters in one cell. */
  cellCharacters: 1024 * 1024,
  /** Cells in one row. */
  columns: 64,
} as const;

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

/** A JSON cell: parsed, then refused when it nests deeper than the limit or holds a NUL character. */
function parseJsonCell(cell: string): unknown {
  const parsed: unknown = JSON.parse(cell);
  const problem = findJsonProblem(parsed, '', JSON_DEPTH_LIMIT);
  if (problem) throw new Error(problem.path ? `${problem.path} ${problem.message}` : problem.message);
  return parsed;
}

function readCell(kind: Kind, cell: string): unknown {
  switch (kind) {
    case 'text':
      return cell;
    case 'objectOrText': {
      if (!cell.trimStart().startsWith('{')) return cell;
      const parsed = parseJsonCell(cell);
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
      const parsed = parseJsonCell(cell);
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
    const unstorable =
      textProblem(cell) ??
      (cell.length > CSV_LIMITS.cellCharacters ? `holds more than ${CSV_LIMITS.cellCharacters} characters` : null);
    if (unstorable) {
      problems.push({ path: field, message: unstorable });
      return;
    }
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

/** The fields the header row names, or InvalidInput naming each unknown, repeated or missing column. */
function readHeader(header: readonly string[]): string[] {
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
  return fields;
}

const notCsv = (error: CsvError) =>
  InvalidInput.of(
    'body',
    error.code === 'CSV_MAX_RECORD_SIZE'
      ? `a row holds more than ${CSV_LIMITS.rowCharacters} characters`
      : `not valid CSV: ${error.message}`,
  );

/**
 * Reads a CSV file of test cases as it arrives: a header row naming fields, then one test case per row. Empty
 * cells are absent fields; `input` and `context` cells are plain text or a JSON object; list cells are a JSON
 * array or `a|b|c`. The body is opened on the first row asked for and parsed a chunk at a time, so a caller that
 * stops early (too many rows) stops the reading; rows, cells and columns are bounded by `CSV_LIMITS`.
 */
export async function* readTestCaseCsv(open: () => Readable): AsyncGenerator<ImportedRow> {
  const source = open();
  const parser = parse({
    bom: true,
    skip_empty_lines: true,
    relax_column_count: false,
    max_record_size: CSV_LIMITS.rowCharacters,
  });
  source.once('error', (error) => parser.destroy(error));
  source.pipe(parser);
  let fields: string[] | null = null;
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      if (cells.length > CSV_LIMITS.columns)
        throw InvalidInput.of('body', `a row holds more than ${CSV_LIMITS.columns} cells`);
      if (!fields) fields = readHeader(cells);
      else yield readRow(fields, cells);
    }
  } catch (error) {
    if (error instanceof CsvError) throw notCsv(error);
    throw error;
  } finally {
    source.unpipe(parser);
    parser.destroy();
    source.destroy();
  }
  if (!fields) throw InvalidInput.of('body', 'the file is empty: send a header row, then one row per test case');
}
