import { nanosToDollars } from '../../domain/cost/price-amounts.ts';
import type { TokenTotals } from '../ports/cost-ledger.ts';
import type { Ports } from '../ports/ports.ts';

/** Tokens and cost summed over some turns, as served (cost in dollars, summed exactly in nano-dollars). */
export interface CostTotals {
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly cost: number;
}

const NONE: TokenTotals = { inputTokens: 0, outputTokens: 0, costNanos: 0 };

export const servedTotals = (totals: TokenTotals | undefined): CostTotals => {
  const { inputTokens, outputTokens, costNanos } = totals ?? NONE;
  return { inputTokens, outputTokens, cost: nanosToDollars(costNanos) };
};

/** Records with the totals of their turns (one grouped query for the page). */
export async function withSessionTotals<S extends { readonly id: string }>(
  ports: Pick<Ports, 'costLedger'>,
  scope: string,
  sessions: readonly S[],
): Promise<(S & CostTotals)[]> {
  const totals = await ports.costLedger.sessionTotals(
    scope,
    sessions.map((session) => session.id),
  );
  return sessions.map((session) => ({ ...session, ...servedTotals(totals.get(session.id)) }));
}
