import type { MetricScore } from './text-metrics.ts';
import { normalizeText } from './tokens.ts';

export type JsonMatchMode = 'plain' | 'normalized' | 'strict';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function parse(text: string): { ok: true; value: Json } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text.trim().replace(/^```(?:json)?\s*|\s*```$/g, '')) as Json };
  } catch {
    return { ok: false };
  }
}

/** Leaf values by dotted path; arrays index their items. */
function leaves(value: Json, path = '', out = new Map<string, Json>()): Map<string, Json> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((item, index) => [String(index), item] as const)
      : Object.entries(value);
    if (entries.length === 0) out.set(path, value);
    for (const [key, item] of entries) leaves(item, path ? `${path}.${key}` : key, out);
  } else {
    out.set(path, value);
  }
  return out;
}

function normalize(value: Json): Json {
  if (typeof value === 'string') {
    const text = normalizeText(value);
    const number = Number(text);
    return text !== '' && Number.isFinite(number) ? number : text;
  }
  return value;
}

const same = (a: Json, b: Json): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * Compares JSON output with expected JSON field by field (leaf paths): plain = share of expected fields with
 * an equal value; normalized = the same with strings trimmed, case- and space-folded and numeric text read
 * as numbers; strict = 1 only when both have exactly the same fields and values, else 0.
 */
export function jsonFieldMatch(actual: string, expected: string, mode: JsonMatchMode): MetricScore {
  const want = parse(expected);
  if (!want.ok) return { score: 0, reason: 'The expected output is not JSON' };
  const got = parse(actual);
  if (!got.ok) return { score: 0, reason: 'The output is not valid JSON' };
  const expectedFields = leaves(want.value);
  const actualFields = leaves(got.value);
  const view = mode === 'normalized' ? normalize : (value: Json) => value;
  const matched = [...expectedFields].filter(
    ([path, value]) => actualFields.has(path) && same(view(actualFields.get(path)!), view(value)),
  );
  if (mode === 'strict') {
    const exact = matched.length === expectedFields.size && actualFields.size === expectedFields.size;
    return { score: exact ? 1 : 0, reason: exact ? 'Every field matches exactly' : 'The fields or values differ' };
  }
  const missing = [...expectedFields.keys()].filter((path) => !matched.some(([done]) => done === path));
  const score = expectedFields.size === 0 ? 1 : matched.length / expectedFields.size;
  return {
    score,
    reason: `${matched.length} of ${expectedFields.size} fields match${missing.length ? `; differing: ${missing.slice(0, 20).join(', ')}` : ''}`,
  };
}
