import { InsufficientCredits } from '../errors.ts';
import { availableCredits, type CreditBalance } from '../evaluation/credits.ts';

/**
 * Refuses a job the organization cannot pay for in full (`maxTestCases` test cases at `perTestCase` each), naming
 * the shortfall; nothing is reserved when it can.
 */
export function checkUpfrontCredits(balance: CreditBalance, maxTestCases: number, perTestCase: number): void {
  const needed = maxTestCases * perTestCase;
  const available = availableCredits(balance);
  if (available < needed)
    throw new InsufficientCredits(
      `Generating ${maxTestCases} test cases costs ${needed} credits; the organization has ${available} (${needed - available} short)`,
    );
}

/** How many of `wanted` test cases the balance pays for, at `perTestCase` each (all of them when they are free). */
export const affordableCount = (balance: CreditBalance, wanted: number, perTestCase: number): number =>
  perTestCase <= 0 ? wanted : Math.min(wanted, Math.floor(availableCredits(balance) / perTestCase));
