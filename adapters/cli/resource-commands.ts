import type { Command } from 'commander';
import type { AssayClient } from '../client/assay-client.ts';
import { CliError, required } from './cli-errors.ts';
import { type OutputFormat, render } from './cli-output.ts';

/** The records the CLI lists and reads, their API path and the columns a table shows. */
const RESOURCES = {
  products: { path: '/products', columns: ['id', 'name', 'createdAt'] },
  versions: { path: '/versions', columns: ['id', 'productId', 'number', 'name', 'createdAt'] },
  tests: { path: '/tests', columns: ['id', 'productId', 'name', 'type', 'createdAt'] },
  'test-cases': { path: '/testCases', columns: ['id', 'testId', 'input', 'expectedOutput'] },
  sessions: { path: '/sessions', columns: ['id', 'versionId', 'testCaseId', 'status', 'createdAt'] },
  runs: { path: '/runs', columns: ['id', 'productId', 'ordinal', 'customId', 'status', 'evaluationCount'] },
  evaluations: { path: '/evaluations', columns: ['id', 'metricId', 'sessionId', 'status', 'score'] },
} as const;

/** `key=value` pairs of --where into a query; a key given twice becomes a list. */
function queryOf(pairs: readonly string[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const pair of pairs) {
    const at = pair.indexOf('=');
    if (at <= 0) throw new CliError(`--where takes key=value, not "${pair}"`);
    const [key, value] = [pair.slice(0, at), pair.slice(at + 1)];
    const earlier = query[key];
    query[key] = earlier === undefined ? value : [earlier, value].flat();
  }
  return query;
}

/** `assay <resource> list|get` for each resource. */
export function addResourceCommands(
  program: Command,
  connect: () => Promise<AssayClient>,
  print: (text: string) => void,
): void {
  for (const [name, { path, columns }] of Object.entries(RESOURCES)) {
    const resource = program.command(name).description(`List or read ${name}`);
    resource
      .command('list')
      .description(`List ${name} (newest first)`)
      .option('--where <key=value...>', 'a filter of the API, e.g. --where productIds=product_…', [])
      .option('--limit <n>', 'at most this many', '100')
      .option('--output <format>', 'table or json', 'table')
      .action(async (options: { where: string[]; limit: string; output: OutputFormat }) => {
        const client = await connect();
        const get = client.api.GET as unknown as (
          p: string,
          init: object,
        ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
        const rows = required(
          await get(path, { params: { query: { ...queryOf(options.where), limit: Number(options.limit) } } }),
          `GET ${path}`,
        );
        print(render(rows, options.output, columns));
      });
    resource
      .command('get <id>')
      .description(`Read one of the ${name}`)
      .option('--output <format>', 'table or json', 'json')
      .action(async (id: string, options: { output: OutputFormat }) => {
        const client = await connect();
        const get = client.api.GET as unknown as (
          p: string,
          init: object,
        ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
        print(
          render(
            required(await get(`${path}/{id}`, { params: { path: { id } } }), `GET ${path}/${id}`),
            options.output,
          ),
        );
      });
  }
}
