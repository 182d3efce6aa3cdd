/** How deeply accepted JSON may nest: a request body (or a CSV cell holding JSON) counts as level 1. */
export const JSON_DEPTH_LIMIT = 64;

/** A problem with one value, at a dotted path relative to where the value was read. */
export interface JsonProblem {
  readonly path: string;
  readonly message: string;
}

/** Segments beyond this are elided from a reported path (a 10,000-deep path is no help to anyone). */
export const PATH_SEGMENTS = 12;

export function pathOf(segments: readonly string[], prefix: string): string {
  const shown = segments.length > PATH_SEGMENTS ? [...segments.slice(0, PATH_SEGMENTS), '…'] : segments;
  return [prefix, ...shown].filter((segment) => segment !== '').join('.');
}

/** Why a text cannot be stored: a NUL character (PostgreSQL refuses it in text and jsonb) or broken UTF-16. */
export function textProblem(text: string): string | null {
  if (text.includes('\u0000')) return 'must not contain the NUL character (\\u0000)';
  if (!text.isWellFormed()) return 'must be valid Unicode (it holds an unpaired surrogate)';
  return null;
}

/**
 * The first reason a parsed JSON value (or query/path text) cannot be accepted: a string or object key holding a
 * NUL character or an unpaired surrogate, or nesting deeper than `JSON_DEPTH_LIMIT`; `prefix` starts every reported
 * path. This walk runs over every request body (a span batch is a megabyte), so it allocates nothing until it finds a
 * problem; its recursion stops at the depth limit, so 10,000 levels of nesting cost 65 frames.
 */
export function findJsonProblem(value: unknown, prefix = '', depthLimit = JSON_DEPTH_LIMIT): JsonProblem | null {
  const found = problemIn(value, 1, depthLimit);
  return found ? { path: pathOf(found.segments.reverse(), prefix), message: found.message } : null;
}

/** A problem found by `problemIn`, its path gathered innermost segment first on the way back up. */
interface Found {
  readonly segments: string[];
  readonly message: string;
}

/** A key as a path segment: escaped as in JSON, so a control character in it stays readable. */
function keySegment(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}

function under(segment: string, found: Found): Found {
  found.segments.push(segment);
  return found;
}

function problemIn(value: unknown, depth: number, depthLimit: number): Found | null {
  if (typeof value === 'string') {
    const problem = textProblem(value);
    return problem ? { segments: [], message: problem } : null;
  }
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return null;
  if (depth > depthLimit)
    return { segments: [], message: `nests deeper than ${depthLimit} levels of objects and arrays` };
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index++) {
      const found = problemIn(value[index], depth + 1, depthLimit);
      if (found) return under(String(index), found);
    }
    return null;
  }
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index] as string;
    const keyProblem = textProblem(key);
    if (keyProblem) return { segments: [keySegment(key)], message: `has a key that ${keyProblem}` };
    const found = problemIn((value as Record<string, unknown>)[key], depth + 1, depthLimit);
    if (found) return under(keySegment(key), found);
  }
  return null;
}
