import { DETERMINISTIC_TRANSFORMS } from './strategy-transforms.ts';

/** The threats a RED_TEAMING job may write attacks for (exactly one a job). */
export const RED_TEAMING_VARIANTS = [
  'toxicity',
  'data_leakage',
  'misuse',
  'financial_attacks',
  'illegal_activities',
  'custom',
] as const;
export type RedTeamingVariant = (typeof RED_TEAMING_VARIANTS)[number];

export type DeterministicStrategy = keyof typeof DETERMINISTIC_TRANSFORMS;
export const DETERMINISTIC_STRATEGIES = Object.keys(DETERMINISTIC_TRANSFORMS) as DeterministicStrategy[];

/** Strategies that rewrite an original through the model. */
export const MODEL_STRATEGIES = [
  'role_play',
  'prefix',
  'persuasive_content',
  'creative_writing',
  'data_analysis',
  'bait_and_switch',
  'empathetic_framing',
  'biblical',
  'math_prompt',
] as const;
export type ModelStrategy = (typeof MODEL_STRATEGIES)[number];

/** Every strategy a request may name; `original` (the attack as the model wrote it) is always included, first. */
export const STRATEGIES = [...DETERMINISTIC_STRATEGIES, ...MODEL_STRATEGIES] as const;
export type Strategy = 'original' | DeterministicStrategy | ModelStrategy;

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
