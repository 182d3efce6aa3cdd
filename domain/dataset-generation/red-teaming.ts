import type { DeterministicStrategy, Strategy } from './red-teaming-names.ts';
import { DETERMINISTIC_TRANSFORMS } from './strategy-transforms.ts';

export const isDeterministic = (strategy: string): strategy is DeterministicStrategy =>
  Object.hasOwn(DETERMINISTIC_TRANSFORMS, strategy);

/** The strategies a job plays: `original` first, then the requested ones in the order given, each once. */
export const playedStrategies = (requested: readonly string[]): Strategy[] => [
  'original',
  ...new Set(requested.filter((strategy): strategy is Strategy => strategy !== 'original')),
];

/**
 * How many test cases each strategy yields: with k strategies and n test cases, each gets ⌊n/k⌋ and the first n mod k
 * one more. The model writes as many originals as the largest share.
 */
export function strategyShares(strategies: readonly Strategy[], n: number): { strategy: Strategy; count: number }[] {
  const k = strategies.length;
  return strategies.map((strategy, index) => ({
    strategy,
    count: Math.floor(n / k) + (index < n % k ? 1 : 0),
  }));
}

/** A deterministic strategy's test-case input: the transform of the original's input, and nothing else. */
export const transformOriginal = (strategy: DeterministicStrategy, input: string): string =>
  DETERMINISTIC_TRANSFORMS[strategy](input);
