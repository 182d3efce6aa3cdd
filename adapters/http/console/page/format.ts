/** A score or mean as the console shows it: two decimals, or a dash when there is none. */
export const score = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : value.toFixed(2);

/** A signed difference: `+0.12`, `-0.30`, `0.00`. */
export const difference = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${value > 0 ? '+' : ''}${value.toFixed(2)}`;

/** A share as a percentage. */
export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${Math.round(value * 1000) / 10}%`;

/** A timestamp in UTC, to the minute: `2026-11-22 00:41`. */
export const when = (iso: string | null | undefined): string =>
  iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '—';

/** A whole number with thousands separated. */
export const count = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : value.toLocaleString('en');

/** Text cut to a length, with an ellipsis; the whole stays available as a tooltip. */
export const excerpt = (text: string, length = 80): string =>
  text.length > length ? `${text.slice(0, length - 1)}…` : text;

/** Any JSON value as one line of text (a test case's input, a span's output). */
export function oneLine(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const field of ['user_message', 'value', 'text', 'input'])
      if (typeof record[field] === 'string') return record[field];
  }
  return JSON.stringify(value);
}

/** A count with its noun, singular or plural: `1 regression`, `2 regressions`. */
export const counted = (value: number, singular: string, plural = `${singular}s`): string =>
  `${value.toLocaleString('en')} ${value === 1 ? singular : plural}`;
