/** An organization's credit balance: subscription credits (null: no subscription allowance) and extra credits. */
export interface CreditBalance {
  readonly remainingSubscriptionCredits: number | null;
  readonly extraCredits: number;
}

export const availableCredits = (balance: CreditBalance): number =>
  (balance.remainingSubscriptionCredits ?? 0) + balance.extraCredits;

/** Metric sources whose evaluations cost credits; deterministic, self-hosted and human ones are free. */
export const creditCost = (source: string, llmJudgeCost: number): number => (source === 'LLM_JUDGE' ? llmJudgeCost : 0);

/**
 * Takes `cost` from subscription credits first, then extra credits; null when the balance cannot cover it
 * (nothing is taken partially).
 */
export function debit(balance: CreditBalance, cost: number): CreditBalance | null {
  if (cost <= 0) return balance;
  if (availableCredits(balance) < cost) return null;
  const subscription = balance.remainingSubscriptionCredits ?? 0;
  const fromSubscription = Math.min(subscription, cost);
  return {
    remainingSubscriptionCredits:
      balance.remainingSubscriptionCredits === null ? null : subscription - fromSubscription,
    extraCredits: balance.extraCredits - (cost - fromSubscription),
  };
}
