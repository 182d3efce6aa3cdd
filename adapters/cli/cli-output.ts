import { Option } from 'commander';

/** How the CLI prints records: a table for people, JSON for programs. */
export const OUTPUT_FORMATS = ['table', 'json'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** `--output table|json`; another value is a usage error (exit 2). */
export const outputOption = (fallback: OutputFormat): Option =>
  new Option('--output <format>', 'how to print: table or json').choices(OUTPUT_FORMATS).default(fallback);

const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Rows as an aligned text table of the given columns (every column when none is given). */
export function table(rows: readonly object[], columns?: readonly string[]): string {
  const records = rows.map((row) => new Map(Object.entries(row)));
  const keys = columns ?? [...new Set(records.flatMap((row) => [...row.keys()]))];
  const texts = records.map((row) => keys.map((key) => cell(row.get(key)).replace(/\s+/g, ' ').slice(0, 60)));
  const widths = keys.map((key, index) => Math.max(key.length, ...texts.map((text) => text[index]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(keys), line(widths.map((width) => '-'.repeat(width))), ...texts.map(line)].join('\n');
}

/** Prints one record or a list in the chosen format. */
export function render(value: object | readonly object[], format: OutputFormat, columns?: readonly string[]): string {
  if (format === 'json') return JSON.stringify(value, null, 2);
  return table(Array.isArray(value) ? value : [value], columns);
}
