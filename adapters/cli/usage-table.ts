import { table } from './cli-output.ts';

/** Dollars as text to the nano-dollar, without trailing zeros and never in exponent form: `$0.0000315`. */
export function dollars(amount: number): string {
  const text = amount.toFixed(9).replace(/0+$/, '').replace(/\.$/, '');
  return `$${text}`;
}

/** Usage lines as a table: their groups first, then the counts and the cost. */
export function usageTable(
  lines: readonly {
    readonly inferenceResultCount: number;
    readonly inputTokens: number;
    readonly outputTokens: number;
    readonly cacheReadInputTokens: number;
    readonly cost: number;
  }[],
  groups: readonly string[],
): string {
  const columns = [...groups, 'turns', 'inputTokens', 'outputTokens', 'cacheReadInputTokens', 'cost'];
  return table(
    lines.map((line) => ({ ...line, turns: line.inferenceResultCount, cost: dollars(line.cost) })),
    columns,
  );
}
