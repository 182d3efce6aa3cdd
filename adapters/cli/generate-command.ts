import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import type { AssayClient, Schemas } from '../client/assay-client.ts';
import { CliError, count, EXIT, refusal, required } from './cli-errors.ts';
import type { CliIo } from './cli-program.ts';

type Job = Schemas['GenerationJob'];
type GenerationRequest = Schemas['GenerationRequest'];

interface GenerateOptions {
  test: string;
  kind: string;
  max: string;
  language?: string;
  knowledge?: string;
  knowledgeFile?: string;
  focus?: string;
  variant?: string;
  variantDescription?: string;
  strategies?: string;
  maxIterations?: string;
  wait: boolean;
  timeout: string;
}

const KINDS = ['QUALITY', 'RED_TEAMING', 'SCENARIOS'];
const ENDED = ['completed', 'failed', 'cancelled'];

/** Uploads a knowledge file (POST /files, multipart) and answers its uri. */
async function upload(client: AssayClient, path: string): Promise<string> {
  const form = new FormData();
  form.append('file', new Blob([await readFile(path)]), basename(path));
  const answer = await client.api.POST('/files', {
    body: form as never,
    bodySerializer: (body: unknown) => body as FormData,
  });
  return required(answer, `uploading ${path}`).uri;
}

/** The request body from the options; the API checks the rules, the CLI only the shapes. */
async function requestOf(client: AssayClient, options: GenerateOptions): Promise<GenerationRequest> {
  const kind = options.kind.toUpperCase();
  if (!KINDS.includes(kind)) throw new CliError(`--kind takes ${KINDS.join(', ')}, not "${options.kind}"`);
  const knowledge = options.knowledgeFile
    ? { uri: await upload(client, options.knowledgeFile) }
    : options.knowledge !== undefined
      ? { text: await readFile(options.knowledge, 'utf8') }
      : undefined;
  return {
    kind: kind as GenerationRequest['kind'],
    maxTestCases: count(options.max, '--max', { max: 1000 }),
    ...(options.language ? { language: options.language } : {}),
    ...(knowledge ? { knowledge } : {}),
    ...(options.focus ? { customUserFocus: options.focus } : {}),
    ...(options.variant ? { variants: [options.variant as never] } : {}),
    ...(options.variantDescription ? { customVariantDescription: options.variantDescription } : {}),
    ...(options.strategies ? { strategies: options.strategies.split(',').map((s) => s.trim()) as never } : {}),
    ...(options.maxIterations ? { maxIterations: count(options.maxIterations, '--max-iterations', { max: 20 }) } : {}),
  };
}

/** Polls the job until it ends, drawing its progress on a terminal; nothing is drawn elsewhere. */
async function waitForJob(client: AssayClient, job: Job, timeoutMs: number, interactive: boolean): Promise<Job> {
  const bar = interactive ? new SingleBar({ format: 'Generating [{bar}] {value}/{total} test cases | {state}' }) : null;
  bar?.start(job.progress.total, job.progress.done, { state: job.state });
  const deadline = Date.now() + timeoutMs;
  try {
    for (let current = job; ; ) {
      bar?.update(current.progress.done, { state: current.state });
      if (ENDED.includes(current.state)) return current;
      if (Date.now() > deadline) throw new CliError(`Timed out waiting for job ${job.id} (still ${current.state})`);
      await new Promise((resolve) => setTimeout(resolve, 500));
      current = required(await client.api.GET('/jobs/{id}', { params: { path: { id: job.id } } }), 'reading the job');
    }
  } finally {
    bar?.stop();
  }
}

/** `assay tests generate`: queues a generation job on a test and (by default) waits for it with a progress bar. */
export function addGenerateCommand(program: Command, connect: () => Promise<AssayClient>, io: CliIo): void {
  const tests = program.commands.find((command) => command.name() === 'tests') ?? program.command('tests');
  tests
    .command('generate')
    .description('Generate test cases into a test with the generation model (see docs/generation.md)')
    .requiredOption('--test <id>', 'the test (dataset) to fill')
    .requiredOption('--kind <kind>', "QUALITY, RED_TEAMING or SCENARIOS (the test's type)")
    .requiredOption('--max <n>', 'how many test cases at most (1-1000; SCENARIOS 1-100)')
    .option('--language <tag>', 'BCP-47 language of the test cases (default en)')
    .option('--knowledge <file>', 'QUALITY: a text, Markdown, HTML or JSON file sent as the knowledge text')
    .option('--knowledge-file <file>', 'QUALITY: a file uploaded first (.txt .md .html .json .pdf)')
    .option('--focus <text>', 'QUALITY, SCENARIOS: what to focus on')
    .option(
      '--variant <threat>',
      'RED_TEAMING: toxicity, data_leakage, misuse, financial_attacks, illegal_activities, custom',
    )
    .option('--variant-description <text>', 'RED_TEAMING: the custom threat')
    .option('--strategies <list>', 'RED_TEAMING: comma-separated strategies (original is always played)')
    .option('--max-iterations <n>', 'SCENARIOS: turns a conversation may take (1-20)')
    .option('--no-wait', 'print the job and return at once')
    .option('--timeout <seconds>', 'how long to wait for the job', '1800')
    .action(async (options: GenerateOptions) => {
      const client = await connect();
      const body = await requestOf(client, options);
      const started = await client.api.POST('/tests/{id}/generate', { params: { path: { id: options.test } }, body });
      if (started.data === undefined) throw new CliError(`starting the job: ${refusal(started)}`);
      io.print(`Job ${started.data.id} queued for ${options.test}`);
      if (!options.wait) return;
      const timeoutMs = count(options.timeout, '--timeout') * 1000;
      const job = await waitForJob(client, started.data, timeoutMs, io.interactive);
      const written = job.result?.testCaseCount ?? job.progress.done;
      io.print(`Job ${job.id} ${job.state}: ${written} of ${job.progress.total} test cases written`);
      if (job.error) io.print(job.error);
      if (job.state !== 'completed') throw new CliError(`Job ${job.id} ${job.state}`, EXIT.gateFailed);
    });
}
