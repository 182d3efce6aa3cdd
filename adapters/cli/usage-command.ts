import type { Command } from 'commander';
import type { AssayClient, Schemas } from '../client/assay-client.ts';
import { required } from './cli-errors.ts';
import { dollars, usageTable } from './usage-table.ts';

interface UsageOptions {
  groupBy: string;
  from?: string;
  to?: string;
  product?: string[];
  version?: string[];
  model?: string[];
  json?: boolean;
}

const list = (values: readonly string[] | undefined) =>
  values?.length ? values.flatMap((value) => value.split(',')) : undefined;

/** `assay usage`: turns, tokens and cost summed by day, version and/or model, as a table (with a total) or JSON. */
export function addUsageCommand(
  program: Command,
  connect: () => Promise<AssayClient>,
  print: (text: string) => void,
): void {
  program
    .command('usage')
    .description('Turns, tokens and cost summed by day (UTC), version and/or model (GET /usage)')
    .option('--group-by <groups>', 'day, version or model, or two of them: day,version', 'day')
    .option('--from <date>', 'from this ISO date or timestamp, inclusive (default: 30 days before --to)')
    .option('--to <date>', 'up to this ISO date or timestamp, exclusive (default: now)')
    .option('--product <id...>', 'only these products')
    .option('--version <id...>', 'only these versions')
    .option('--model <name...>', 'only these model names')
    .option('--json', 'print the lines as JSON, as the API answers them')
    .action(async (options: UsageOptions) => {
      const client = await connect();
      const query = {
        groupBy: options.groupBy,
        ...(options.from ? { from: options.from } : {}),
        ...(options.to ? { to: options.to } : {}),
        productIds: list(options.product),
        versionIds: list(options.version),
        models: list(options.model),
      };
      const lines: Schemas['UsageLine'][] = required(await client.api.GET('/usage', { params: { query } }), 'usage');
      if (options.json) return print(JSON.stringify(lines, null, 2));
      const groups = options.groupBy.split(',').map((group) => (group === 'version' ? 'versionId' : group));
      print(usageTable(lines, groups));
      const total = lines.reduce((sum, line) => sum + Math.round(line.cost * 1e9), 0);
      print(
        `Total: ${dollars(total / 1e9)} over ${lines.reduce((sum, line) => sum + line.inferenceResultCount, 0)} turns`,
      );
    });
}
