import type { JsonPathQuery } from './json-path-ast.ts';

/** Functions whose cost has no bound the step budget can enforce: a regular expression may backtrack for hours. */
const REFUSED_FUNCTIONS = new Set(['match', 'search']);

/** Every node of the syntax tree, the root first. */
function* nodesOf(tree: unknown): Generator<{ readonly type?: unknown; readonly name?: unknown }> {
  const pending: unknown[] = [tree];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    yield node as { type?: unknown; name?: unknown };
    pending.push(...Object.values(node));
  }
}

/**
 * The platform's rules for a well-formed path, or null when it keeps them: at most one descendant segment (`..`) in
 * the whole expression, filters included — each further one multiplies the work by the answer's size — and no
 * regular-expression function.
 */
export function jsonPathRuleBroken(tree: JsonPathQuery): string | null {
  let descendants = 0;
  for (const node of nodesOf(tree)) {
    if (node.type === 'DescendantSegment') descendants++;
    if (node.type === 'FunctionExpr' && REFUSED_FUNCTIONS.has(node.name as string))
      return `may not call ${node.name as string}() (regular expressions are not evaluated)`;
  }
  return descendants > 1 ? `may hold at most one descendant segment (..), it holds ${descendants}` : null;
}
