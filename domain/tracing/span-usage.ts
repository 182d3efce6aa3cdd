import { isJsonObject } from '../shared/json.ts';
import { utf8Length } from './fields.ts';
import type { SpanProblem } from './span.ts';
import { TOKEN_USAGE_FIELDS, type TokenUsage, tokenUsage } from './token-usage.ts';

/** The longest model name a span or an inference result keeps (provider names run to a few dozen characters; a column of 255). */
export const MODEL_NAME_LIMIT = 255;

/** A span's optional `model`: a non-blank name of at most MODEL_NAME_LIMIT bytes of UTF-8 (as inference results). */
export function readSpanModel(raw: Readonly<Record<string, unknown>>, problems: SpanProblem[]): string | null {
  const value = raw.model;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string' || value.trim() === '' || utf8Length(value) > MODEL_NAME_LIMIT) {
    problems.push({
      error: 'invalid_field',
      path: 'model',
      message: `must be a non-empty string of at most ${MODEL_NAME_LIMIT} bytes`,
    });
    return null;
  }
  return value;
}

/**
 * A span's optional `usage`: an object of the token counts (each a non-negative integer or null, no other field);
 * the total defaults to input + output.
 */
export function readSpanUsage(raw: Readonly<Record<string, unknown>>, problems: SpanProblem[]): TokenUsage | null {
  const value = raw.usage;
  if (value === undefined || value === null) return null;
  if (!isJsonObject(value)) {
    problems.push({ error: 'invalid_field', path: 'usage', message: 'must be an object' });
    return null;
  }
  const counts: Partial<Record<keyof TokenUsage, number>> = {};
  for (const [field, count] of Object.entries(value)) {
    if (!(TOKEN_USAGE_FIELDS as readonly string[]).includes(field)) {
      problems.push({ error: 'unknown_field', path: `usage.${field}`, message: 'unknown field' });
    } else if (count !== null && (typeof count !== 'number' || !Number.isSafeInteger(count) || count < 0)) {
      problems.push({ error: 'invalid_field', path: `usage.${field}`, message: 'must be a non-negative integer' });
    } else if (count !== null) counts[field as keyof TokenUsage] = count;
  }
  return tokenUsage(counts);
}
