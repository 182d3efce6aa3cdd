/** How the CLI prints records: a table for people, JSON for programs. */
export type OutputFormat = 'table' | 'json';

const cell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Rows as an aligned text table of the given columns (every column when none is given). */
export function table(rows: readonly Record<string, unknown>[], columns?: readonly string[]): string {
  const keys = columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const texts = rows.map((row) => keys.map((key) => cell(row[key]).replace(/\s+/g, ' ').slice(0, 60)));
  const widths = keys.map((key, index) => Math.max(key.length, ...texts.map((text) => text[index]?.length ?? 0)));
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => value.padEnd(widths[index] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(keys), line(widths.map((width) => '-'.repeat(width))), ...texts.map(line)].join('\n');
}

/** Prints one record or a list in the chosen format. */
export function render(value: unknown, format: OutputFormat, columns?: readonly string[]): string {
  if (format === 'json') return JSON.stringify(value, null, 2);
  const rows = (Array.isArray(value) ? value : [value]) as Record<string, unknown>[];
  return table(rows, columns);
}
