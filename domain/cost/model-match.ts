import type { ModelPrice } from './model-price.ts';

/** Whether a (checked, bounded) pattern matches a model name: supplied by the pattern engine. */
export type PatternTest = (pattern: string, name: string) => boolean;

/** The organization's own models before platform-wide ones, then oldest first: the order a tie is settled in. */
function byPrecedence(a: ModelPrice, b: ModelPrice): number {
  const own = Number(a.organizationId === null) - Number(b.organizationId === null);
  if (own !== 0) return own;
  return a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1;
}

/**
 * The model that prices a model name: the exact name (case-insensitive), else the first whose `matchPattern`
 * matches; an organization's own model wins over a platform-wide one either way. Null when none matches.
 */
export function findModelPrice(
  name: string | null,
  models: readonly ModelPrice[],
  matches: PatternTest,
): ModelPrice | null {
  if (name === null) return null;
  const ordered = [...models].sort(byPrecedence);
  const lower = name.toLowerCase();
  return (
    ordered.find((model) => model.name.toLowerCase() === lower) ??
    ordered.find((model) => model.matchPattern !== null && matches(model.matchPattern, name)) ??
    null
  );
}
