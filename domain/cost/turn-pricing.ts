import type { InferenceResult } from '../tracing/inference-result.ts';
import type { TokenUsage } from '../tracing/token-usage.ts';
import { findModelPrice, type PatternTest } from './model-match.ts';
import type { ModelPrice } from './model-price.ts';
import { dollarsToNanos, nanosToDollars } from './price-amounts.ts';
import { turnCost } from './turn-cost.ts';

/** What a turn's GENERATION spans report together: their summed usage and the model of the last naming one. */
export interface SpanReport {
  readonly usage: TokenUsage | null;
  readonly model: string | null;
}

/** What pricing a turn looks at besides the turn itself. */
export interface PricingContext {
  /** The turn's GENERATION spans, or null when it has none. */
  readonly spans: SpanReport | null;
  /** The model its version names, if any. */
  readonly versionModel: ModelPrice | null;
  /** Every model the turn's organization sees (its own and platform-wide ones). */
  readonly models: readonly ModelPrice[];
  readonly matches: PatternTest;
}

const UNPRICED = {
  costPerInputToken: null,
  costPerOutputToken: null,
  costPerCacheReadInputToken: null,
  priceModelId: null,
} as const;

/** The turn's usage and model: as sent, else from its GENERATION spans; the model else its version's. */
function withUsageAndModel(result: InferenceResult, { spans, versionModel }: PricingContext): InferenceResult {
  let next = result;
  if (result.usageSource !== 'SENT' && spans?.usage) {
    const { usage } = spans;
    next = { ...next, ...usage, usageSource: 'SPANS' };
  }
  if (result.modelSource !== 'SENT') {
    if (spans?.model) next = { ...next, model: spans.model, modelSource: 'SPANS' };
    else if (versionModel) next = { ...next, model: versionModel.name, modelSource: 'VERSION' };
    else if (result.modelSource === 'VERSION') next = { ...next, model: null, modelSource: null };
  }
  return next;
}

/**
 * A turn priced: usage and model filled in (sent values win), then the price of the model matching its model name
 * (exact, then pattern; the organization's own first), else of its version's model. A sent cost is never
 * overwritten; without usage or a model the cost is unknown (null, `costSource` null).
 */
export function priceTurn(result: InferenceResult, context: PricingContext): InferenceResult {
  const turn = withUsageAndModel(result, context);
  if (turn.costSource === 'SENT')
    return { ...turn, ...UNPRICED, costNanos: turn.cost === null ? null : dollarsToNanos(turn.cost) };
  const model = findModelPrice(turn.model, context.models, context.matches) ?? context.versionModel;
  const cost = model ? turnCost(turn, model) : null;
  if (!model || !cost) return { ...turn, ...UNPRICED, cost: null, costNanos: null, costSource: null };
  return {
    ...turn,
    costPerInputToken: cost.costPerInputToken,
    costPerOutputToken: cost.costPerOutputToken,
    costPerCacheReadInputToken: cost.costPerCacheReadInputToken,
    priceModelId: model.id,
    cost: nanosToDollars(cost.costNanos),
    costNanos: cost.costNanos,
    costSource: 'MODEL',
  };
}
