/** How deeply accepted JSON may nest: a request body (or a CSV cell holding JSON) counts as level 1. */
export const JSON_DEPTH_LIMIT = 64;

/** A problem with one value, at a dotted path relative to where the value was read. */
export interface JsonProblem {
  readonly path: string;
  readonly message: string;
}

/** A path kept as a linked list, so walking a large value does not build a string per node. */
type Trail = { readonly key: string; readonly up: Trail } | null;

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Segments beyond this are elided from a reported path (a 10,000-deep path is no help to anyone). */
const PATH_SEGMENTS = 12;

function pathOf(trail: Trail, prefix: string): string {
  const segments: string[] = [];
  for (let at = trail; at; at = at.up) segments.push(at.key);
  segments.reverse();
  const shown = segments.length > PATH_SEGMENTS ? [...segments.slice(0, PATH_SEGMENTS), '…'] : segments;
  return [prefix, ...shown].filter((segment) => segment !== '').join('.');
}

/** Why a text cannot be stored: a NUL character (PostgreSQL refuses it in text and jsonb) or broken UTF-16. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode (it holds an unpaired surrogate)';
  return null;
}

/**
 * The first reason a parsed JSON value (or query/path text) cannot be accepted: a string or object key holding a
 * NUL character or an unpaired surrogate, or nesting deeper than `JSON_DEPTH_LIMIT`. Walks with an explicit stack,
 * so 10,000 levels of nesting cost no recursion; `prefix` starts every reported path.
 */
export function findJsonProblem(value: unknown, prefix = '', depthLimit = JSON_DEPTH_LIMIT): JsonProblem | null {
  const stack: { value: unknown; depth: number; trail: Trail }[] = [{ value, depth: 1, trail: null }];
  while (stack.length > 0) {
    const { value: current, depth, trail } = stack.pop() as (typeof stack)[number];
    if (typeof current === 'string') {
      const problem = textProblem(current);
      if (problem) return { path: pathOf(trail, prefix), message: problem };
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth > depthLimit) {
      return {
        path: pathOf(trail, prefix),
        message: `nests deeper than ${depthLimit} levels of objects and arrays`,
      };
    }
    if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) {
        stack.push({ value: current[index], depth: depth + 1, trail: { key: String(index), up: trail } });
      }
      continue;
    }
    if (ArrayBuffer.isView(current)) continue;
    for (const [key, item] of Object.entries(current)) {
      const keyProblem = textProblem(key);
      const at = { key: JSON.stringify(key).slice(1, -1), up: trail };
      if (keyProblem) return { path: pathOf(at, prefix), message: `has a key that ${keyProblem}` };
      stack.push({ value: item, depth: depth + 1, trail: at });
    }
  }
  return null;
}
