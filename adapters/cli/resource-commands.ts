import type { Command } from 'commander';
import type { AssayClient, RecordPath, TextQuery } from '../client/assay-client.ts';
import { CliError, count } from './cli-errors.ts';
import { type OutputFormat, outputOption, render } from './cli-output.ts';

/** A record the CLI lists and reads: its list route, its record route and the columns a table shows. */
interface Resource {
  readonly list: '/products' | '/versions' | '/tests' | '/testCases' | '/sessions' | '/runs' | '/evaluations';
  readonly record: RecordPath;
  readonly columns: readonly string[];
}

const RESOURCES: Readonly<Record<string, Resource>> = {
  products: { list: '/products', record: '/products/{id}', columns: ['id', 'name', 'createdAt'] },
  versions: {
    list: '/versions',
    record: '/versions/{id}',
    columns: ['id', 'productId', 'number', 'name', 'createdAt'],
  },
  tests: { list: '/tests', record: '/tests/{id}', columns: ['id', 'productId', 'name', 'type', 'createdAt'] },
  'test-cases': {
    list: '/testCases',
    record: '/testCases/{id}',
    columns: ['id', 'testId', 'input', 'expectedOutput'],
  },
  sessions: {
    list: '/sessions',
    record: '/sessions/{id}',
    columns: ['id', 'versionId', 'testCaseId', 'status', 'createdAt'],
  },
  runs: {
    list: '/runs',
    record: '/runs/{id}',
    columns: ['id', 'productId', 'ordinal', 'customId', 'status', 'evaluationCount'],
  },
  evaluations: {
    list: '/evaluations',
    record: '/evaluations/{id}',
    columns: ['id', 'metricId', 'sessionId', 'status', 'score'],
  },
};

/** `key=value` pairs of --where into a query; a key given twice becomes a list. */
function queryOf(pairs: readonly string[]): TextQuery {
  const query: Record<string, string | readonly string[]> = {};
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
  for (const [name, { list, record, columns }] of Object.entries(RESOURCES)) {
    const resource = program.command(name).description(`List or read ${name}`);
    resource
      .command('list')
      .description(`List ${name} (newest first)`)
      .option('--where <key=value...>', 'a filter of the API, e.g. --where productIds=product_…', [])
      .option('--limit <n>', 'at most this many (up to 1000)', '100')
      .addOption(outputOption('table'))
      .action(async (options: { where: string[]; limit: string; output: OutputFormat }) => {
        const limit = count(options.limit, '--limit', { max: 1000 });
        const client = await connect();
        const rows: object[] = [];
        for await (const row of client.listAll(list, queryOf(options.where), limit)) {
          rows.push(row);
          if (rows.length === limit) break;
        }
        print(render(rows, options.output, columns));
      });
    resource
      .command('get <id>')
      .description(`Read one of the ${name}`)
      .addOption(outputOption('json'))
      .action(async (id: string, options: { output: OutputFormat }) => {
        const client = await connect();
        print(render(await client.getRecord(record, id), options.output));
      });
  }
}
