import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { AssayClient } from '../client/assay-client.ts';
import { CliError, EXIT, required } from './cli-errors.ts';
import type { CliIo } from './cli-program.ts';

/** Spans sent per request (the API takes at most 10,000; 1,000 keeps each answer quick). */
const SPANS_PER_BATCH = 1000;

const bar = (io: CliIo, format: string) => (io.interactive ? new SingleBar({ format }) : null);

/** `assay tests import` and `assay spans send`: files into the API, with a bar on a terminal. */
export function addTransferCommands(program: Command, connect: () => Promise<AssayClient>, io: CliIo): void {
  // `tests` already lists and reads (resource commands): import joins it.
  const tests = program.commands.find((command) => command.name() === 'tests') ?? program.command('tests');
  tests
    .command('import <file>')
    .description('Import test cases from a CSV file into a test (all rows or none)')
    .requiredOption('--test <id>', 'the test (dataset) to import into')
    .action(async (file: string, options: { test: string }) => {
      const client = await connect();
      const rows = (await readFile(file, 'utf8')).split(/\r?\n/).filter((line) => line.trim() !== '').length - 1;
      const progress = bar(io, 'Importing [{bar}] {value}/{total} bytes');
      progress?.start((await stat(file)).size, 0);
      let sent = 0;
      const body = createReadStream(file).on('data', (chunk) => {
        sent += chunk.length;
        progress?.update(sent);
      });
      const answer = await client.api.POST('/tests/{id}/testCases/import', {
        params: { path: { id: options.test } },
        body: body as never,
        bodySerializer: (stream: unknown) => stream as never,
        headers: { 'content-type': 'text/csv' },
        duplex: 'half',
      } as never);
      progress?.stop();
      const imported = required(answer as never, `importing ${file}`) as { imported?: number; testCases?: unknown[] };
      io.print(
        `Imported ${imported.imported ?? imported.testCases?.length ?? rows} of ${rows} rows into ${options.test}`,
      );
    });
  program
    .command('spans')
    .command('send <file>')
    .description('Send spans from a JSON Lines file (one span per line) in batches; refused spans are reported')
    .action(async (file: string) => {
      const client = await connect();
      const total = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '').length;
      // Opened only now: a line reader started before an await would emit lines nobody is iterating yet.
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
      const progress = bar(io, 'Sending [{bar}] {value}/{total} spans');
      progress?.start(total, 0);
      const refused: string[] = [];
      let [batch, lineNumber, created] = [[] as { line: number; span: unknown }[], 0, 0];
      const send = async () => {
        if (batch.length === 0) return;
        const answer = await client.api.POST('/traces/batch', {
          params: { query: { includeRejected: 'true' } },
          body: { traces: batch.map((entry) => entry.span) } as never,
        });
        const report = required(answer, 'sending spans') as {
          created: unknown[];
          rejected: { index: number; message: string }[];
        };
        created += report.created.length;
        for (const rejection of report.rejected)
          refused.push(`line ${batch[rejection.index]?.line}: ${rejection.message}`);
        progress?.increment(batch.length);
        batch = [];
      };
      for await (const text of lines) {
        lineNumber += 1;
        if (text.trim() === '') continue;
        try {
          batch.push({ line: lineNumber, span: JSON.parse(text) });
        } catch {
          refused.push(`line ${lineNumber}: not JSON`);
          progress?.increment(1);
        }
        if (batch.length === SPANS_PER_BATCH) await send();
      }
      await send();
      progress?.stop();
      io.print(`Sent ${created + refused.length} spans: ${created} stored, ${refused.length} refused`);
      for (const line of refused) io.print(`  ${line}`);
      if (refused.length) throw new CliError(`${refused.length} spans refused`, EXIT.gateFailed);
    });
}
