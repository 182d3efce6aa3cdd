import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { AssayClient, Schemas } from '../client/assay-client.ts';
import { CliError, EXIT, required } from './cli-errors.ts';
import type { CliIo } from './cli-program.ts';

/** Spans sent per request (the API takes at most 10,000; 1,000 keeps each answer quick). */
const SPANS_PER_BATCH = 1000;

const bar = (io: CliIo, format: string) => (io.interactive ? new SingleBar({ format }) : null);

/** The file as a stream of bytes that reports each chunk's size as it is sent. */
function countedStream(file: string, sent: (bytes: number) => void): ReadableStream<Uint8Array> {
  const counting = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      sent(chunk.byteLength);
      controller.enqueue(chunk);
    },
  });
  return Readable.toWeb(createReadStream(file)).pipeThrough(counting);
}

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
      const body = countedStream(file, (bytes) => {
        sent += bytes;
        progress?.update(sent);
      });
      const imported = await client.importTestCases(options.test, body).finally(() => progress?.stop());
      io.print(`Imported ${imported.imported} of ${rows} rows into ${options.test}`);
    });
  program
    .command('spans')
    .description('Send spans to the API')
    .command('send <file>')
    .description('Send spans from a JSON Lines file (one span per line) in batches; refused spans are reported')
    .action(async (file: string) => {
      const client = await connect();
      const total = (await readFile(file, 'utf8')).split('\n').filter((line) => line.trim() !== '').length;
      // Opened only now: a line reader started before an await would emit lines nobody is iterating yet.
      const lines = createInterface({ input: createReadStream(file), crlfDelay: Number.POSITIVE_INFINITY });
      const progress = bar(io, 'Sending [{bar}] {value}/{total} spans');
      progress?.start(total, 0);
      const refused: { line: number; message: string }[] = [];
      let [batch, lineNumber, created] = [[] as { line: number; span: Schemas['SpanInput'] }[], 0, 0];
      const send = async () => {
        if (batch.length === 0) return;
        const report = required(
          await client.api.POST('/traces/batch', {
            params: { query: { includeRejected: 'true' } },
            body: { traces: batch.map((entry) => entry.span) },
          }),
          'sending spans',
        );
        // With includeRejected the answer is the report of stored and refused spans (the route's other shapes are not).
        if (Array.isArray(report) || !Array.isArray(report.created) || !Array.isArray(report.rejected))
          throw new CliError('sending spans: the API did not answer with a batch report');
        created += report.created.length;
        for (const rejection of report.rejected)
          refused.push({ line: batch[rejection.index]?.line ?? 0, message: rejection.message });
        progress?.increment(batch.length);
        batch = [];
      };
      for await (const text of lines) {
        lineNumber += 1;
        if (text.trim() === '') continue;
        try {
          batch.push({ line: lineNumber, span: JSON.parse(text) });
        } catch {
          refused.push({ line: lineNumber, message: 'not JSON' });
          progress?.increment(1);
        }
        if (batch.length === SPANS_PER_BATCH) await send();
      }
      await send();
      progress?.stop();
      io.print(`Sent ${created + refused.length} spans: ${created} stored, ${refused.length} refused`);
      for (const { line, message } of refused.sort((a, b) => a.line - b.line)) io.print(`  line ${line}: ${message}`);
      if (refused.length) throw new CliError(`${refused.length} spans refused`, EXIT.gateFailed);
    });
}
