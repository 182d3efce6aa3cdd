import { z } from 'zod';

/** The totals served on sessions and runs: tokens and cost summed over their turns. */
export const costTotals = {
  inputTokens: z.number().int().describe('Input tokens summed over the turns'),
  outputTokens: z.number().int().describe('Output tokens summed over the turns'),
  cost: z.number().describe('US dollars summed over the turns (exact to 1e-9)'),
};
