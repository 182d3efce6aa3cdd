/**
 * The red-teaming threats and strategies by name only, free of their implementations, so the console's form offers
 * exactly what the API accepts without bundling the transforms.
 */

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

/** Strategies that disguise an original by a fixed transform (strategy-transforms.ts holds one for each). */
export const DETERMINISTIC_STRATEGIES = [
  'base64',
  'hex',
  'rot13',
  'leetspeak',
  'morse_code',
  'homoglyph',
  'zero_width_insertion',
  'emoji_obfuscation',
] as const;
export type DeterministicStrategy = (typeof DETERMINISTIC_STRATEGIES)[number];

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
