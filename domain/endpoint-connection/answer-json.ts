/** The deepest nesting of arrays and objects a product's JSON answer may have. */
export const ANSWER_MAX_DEPTH = 64;
/** The most values (objects, arrays, members' values and scalars) a product's JSON answer may hold. */
export const ANSWER_MAX_NODES = 50_000;

/** A product's answer read as JSON, or why it was not. */
export type AnswerJson = { readonly document: unknown } | { readonly problem: string };

const OPENERS = new Set(['[', '{']);
const CLOSERS = new Set([']', '}']);

/**
 * The nesting depth and an upper bound of the value count of a JSON text, in one pass that allocates nothing (strings
 * are skipped): every value but the first follows a comma or an opening bracket.
 */
function shapeOf(text: string, maxDepth: number, maxNodes: number): string | null {
  let depth = 0;
  let nodes = 1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char === '"') {
      for (at++; at < text.length && text[at] !== '"'; at++) if (text[at] === '\\') at++;
    } else if (OPENERS.has(char)) {
      if (++depth > maxDepth) return `the answer nests deeper than ${maxDepth} levels`;
      nodes++;
    } else if (CLOSERS.has(char)) depth--;
    else if (char === ',') nodes++;
    if (nodes > maxNodes) return `the answer holds more than ${maxNodes} JSON values`;
  }
  return null;
}

/**
 * Parses a product's answer within its budget: the shape is checked before `JSON.parse` spends memory on it, so a
 * deeply nested or huge answer costs one linear scan. The JSONPath mapping then runs on a bounded document.
 */
export function readAnswerJson(
  body: string,
  limits: { readonly maxDepth: number; readonly maxNodes: number } = {
    maxDepth: ANSWER_MAX_DEPTH,
    maxNodes: ANSWER_MAX_NODES,
  },
): AnswerJson {
  const problem = shapeOf(body, limits.maxDepth, limits.maxNodes);
  if (problem) return { problem };
  try {
    return { document: JSON.parse(body) };
  } catch {
    return { problem: 'the answer is not JSON' };
  }
}
