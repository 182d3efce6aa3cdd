/** Tokens one model call (or a whole turn) used; a count the sender did not give is null. */
export interface TokenUsage {
  /** Every input token, cached ones included (as OTel GenAI and OpenInference count them). */
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly totalTokens: number | null;
  /** Input tokens read from the provider's prompt cache. */
  readonly cacheReadInputTokens: number | null;
  /** Input tokens written to the provider's prompt cache. */
  readonly cacheCreationInputTokens: number | null;
}

export const TOKEN_USAGE_FIELDS = [
  'inputTokens',
  'outputTokens',
  'totalTokens',
  'cacheReadInputTokens',
  'cacheCreationInputTokens',
] as const satisfies readonly (keyof TokenUsage)[];

const NO_USAGE: TokenUsage = {
  inputTokens: null,
  outputTokens: null,
  totalTokens: null,
  cacheReadInputTokens: null,
  cacheCreationInputTokens: null,
};

/**
 * Usage from the counts read, or null when none was: the total is the one sent (kept even when it differs from
 * input + output, as some providers count tokens neither side shows), else input + output.
 */
export function tokenUsage(counts: Partial<TokenUsage>): TokenUsage | null {
  const usage = { ...NO_USAGE, ...counts };
  if (TOKEN_USAGE_FIELDS.every((field) => usage[field] === null)) return null;
  if (usage.totalTokens === null && (usage.inputTokens !== null || usage.outputTokens !== null))
    return { ...usage, totalTokens: (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0) };
  return usage;
}

/** Field by field sums of several usages (a field none gave stays null); null when there is none. */
export function sumTokenUsage(usages: readonly (TokenUsage | null)[]): TokenUsage | null {
  let total: Record<keyof TokenUsage, number | null> | null = null;
  for (const usage of usages) {
    if (usage === null) continue;
    total ??= { ...NO_USAGE };
    for (const field of TOKEN_USAGE_FIELDS) {
      const value = usage[field];
      if (value !== null) total[field] = (total[field] ?? 0) + value;
    }
  }
  return total;
}
