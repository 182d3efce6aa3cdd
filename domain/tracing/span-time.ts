import type { SpanProblem } from './span.ts';

/** Days of each month in a common year. */
const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22];

/**
 * Whether a timestamp is already written as `toISOString` writes it (`2026-01-01T00:00:00.000Z`, a real date and
 * time): SDKs send that form, and checking it costs no Date round trip and no new string per span.
 */
function isCanonicalTimestamp(value: string): boolean {
  if (value.length !== 24 || value[4] !== '-' || value[7] !== '-' || value[10] !== 'T' || value[13] !== ':')
    return false;
  if (value[16] !== ':' || value[19] !== '.' || value[23] !== 'Z') return false;
  for (const position of DIGIT_POSITIONS) {
    const code = value.charCodeAt(position);
    if (code < 48 || code > 57) return false;
  }
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 2);
  const day = digitsAt(value, 8, 2);
  if (month < 1 || month > 12 || day < 1) return false;
  const leapDay = month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 1 : 0;
  if (day > MONTH_DAYS[month - 1] + leapDay) return false;
  return digitsAt(value, 11, 2) < 24 && digitsAt(value, 14, 2) < 60 && digitsAt(value, 17, 2) < 60;
}

/** The number written by `length` digits of `text` from `at` (checked to be digits). */
function digitsAt(text: string, at: number, length: number): number {
  let result = 0;
  for (let index = at; index < at + length; index++) result = result * 10 + text.charCodeAt(index) - 48;
  return result;
}

/** An optional ISO 8601 time field of a span, normalised to `toISOString` form; a problem when it is not one. */
export const optionalTime = (
  raw: Readonly<Record<string, unknown>>,
  field: string,
  problems: SpanProblem[],
): string | null => {
  const value = raw[field];
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' && isCanonicalTimestamp(value)) return value;
  const millis = typeof value === 'string' && /^\d{4}-\d\d-\d\dT/.test(value) ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(millis)) {
    problems.push({ error: 'invalid_field', path: field, message: 'must be an ISO 8601 timestamp' });
    return null;
  }
  return new Date(millis).toISOString();
};
