/**
 * The SQL the scale benchmark seeds with: rows generated inside the database (`INSERT … SELECT` over a series of
 * numbers), so a million spans cost one statement per chunk and no row crosses the wire. Both dialects spell the
 * same rows; dates are stored as each dialect's adapter stores them.
 */
export type SeedDialect = 'sqlite' | 'postgres';

/** The day every seeded organization's clock starts: its row k was created `k` steps later. */
export const SEED_EPOCH = Date.UTC(2026, 0, 1);

/** The rows numbered from..to (inclusive) as a FROM item whose one column is `k`. */
export function series(dialect: SeedDialect, from: number, to: number): string {
  if (dialect === 'postgres') return `generate_series(${from}, ${to}) AS g(k)`;
  return `(WITH RECURSIVE n(k) AS (SELECT ${from} UNION ALL SELECT k + 1 FROM n WHERE k < ${to}) SELECT k FROM n) AS g`;
}

/** The instant `seconds` (an SQL expression) after SEED_EPOCH, as the column stores it. */
export function at(dialect: SeedDialect, seconds: string): string {
  if (dialect === 'postgres') return `(timestamptz '2026-01-01 00:00:00+00' + (${seconds}) * interval '1 second')`;
  return `(strftime('%Y-%m-%d %H:%M:%f', '2026-01-01 00:00:00', '+' || (${seconds}) || ' seconds') || ' +00:00')`;
}

/** The same instant as an ISO string, for request filters. */
export const isoAt = (seconds: number): string => new Date(SEED_EPOCH + seconds * 1000).toISOString();

/** A JSON column's value from a text expression. */
export const json = (dialect: SeedDialect, text: string): string => (dialect === 'postgres' ? `(${text})::json` : text);

/** A boolean column's value from a condition. */
export const bool = (dialect: SeedDialect, condition: string): string =>
  dialect === 'postgres' ? `(${condition})` : `(CASE WHEN ${condition} THEN 1 ELSE 0 END)`;

/** One of `values`, chosen by `index` (an SQL integer expression) modulo their number. */
export function pick(index: string, values: readonly string[]): string {
  const cases = values.map((value, position) => `WHEN ${position} THEN ${quote(value)}`).join(' ');
  return `(CASE (${index}) % ${values.length} ${cases} END)`;
}

export const quote = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** `INSERT INTO table (columns) SELECT expressions FROM series`, one statement. */
export function insertSelect(
  dialect: SeedDialect,
  table: string,
  columns: Readonly<Record<string, string>>,
  from: number,
  to: number,
): string {
  const names = Object.keys(columns).join(', ');
  return `INSERT INTO ${table} (${names}) SELECT ${Object.values(columns).join(', ')} FROM ${series(dialect, from, to)}`;
}
