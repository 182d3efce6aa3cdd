import type { TokenUsage } from '../tracing/token-usage.ts';
import type { ModelPrice } from './model-price.ts';
import { priceUnits, unitsToNanos } from './price-amounts.ts';

/** Input tokens above which a model's Above128k prices, when set, replace its input and output prices. */
export const LONG_CONTEXT_TOKENS = 128_000;

/** The prices applied to a turn and what it cost in nano-dollars. */
export interface TurnCost {
  readonly costPerInputToken: number;
  readonly costPerOutputToken: number;
  readonly costPerCacheReadInputToken: number;
  readonly costNanos: number;
}

type Usage = Pick<TokenUsage, 'inputTokens' | 'outputTokens' | 'cacheReadInputTokens' | 'cacheCreationInputTokens'>;

/**
 * What a turn cost with a model's prices: (input − cache read − cache creation) × input price + cache read × its
 * price + cache creation × its price + output × output price; a missing cache price is the input price. Past
 * 128,000 input tokens the Above128k prices, when set, replace the input and output prices for the whole turn.
 * Null when the turn reports neither input nor output tokens.
 */
export function turnCost(usage: Usage, model: ModelPrice): TurnCost | null {
  if (usage.inputTokens === null && usage.outputTokens === null) return null;
  const input = usage.inputTokens ?? 0;
  const cacheRead = usage.cacheReadInputTokens ?? 0;
  const cacheCreation = usage.cacheCreationInputTokens ?? 0;
  const long = input > LONG_CONTEXT_TOKENS;
  const inputPrice = (long ? model.costPerInputTokenAbove128k : null) ?? model.costPerInputToken;
  const outputPrice = (long ? model.costPerOutputTokenAbove128k : null) ?? model.costPerOutputToken;
  const cacheReadPrice = model.costPerCacheReadInputToken ?? inputPrice;
  const cacheCreationPrice = model.costPerCacheCreationInputToken ?? inputPrice;
  const units =
    BigInt(Math.max(0, input - cacheRead - cacheCreation)) * priceUnits(inputPrice) +
    BigInt(cacheRead) * priceUnits(cacheReadPrice) +
    BigInt(cacheCreation) * priceUnits(cacheCreationPrice) +
    BigInt(usage.outputTokens ?? 0) * priceUnits(outputPrice);
  return {
    costPerInputToken: inputPrice,
    costPerOutputToken: outputPrice,
    costPerCacheReadInputToken: cacheReadPrice,
    costNanos: unitsToNanos(units),
  };
}
