import { spawn } from 'node:child_process';
import { join } from 'node:path';

const ENTRY = join(import.meta.dirname, '..', '..', 'bootstrap', 'assay-cli.ts');

/** What one `assay` process did: its exit code and what it wrote. */
export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** What a process reads: text piped to it whole, or answers typed once a prompt shows (on a terminal). */
export interface CliInput {
  readonly stdin?: string;
  readonly answers?: readonly { readonly after: RegExp; readonly type: string }[];
}

/** The environment a CLI process gets: ours, without color settings the caller did not choose, plus `env`. */
function environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...inherited } = process.env;
  return { ...inherited, ...env };
}

function spawned(
  file: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeout: number,
  input: CliInput = {},
): Promise<CliOutcome> {
  return new Promise((resolve) => {
    const child = spawn(file, args, { env: environment(env), timeout, stdio: 'pipe' });
    let [stdout, stderr] = ['', ''];
    const answers = [...(input.answers ?? [])];
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      // Each answer is typed once its prompt has been drawn, as a person would.
      while (answers[0]?.after.test(stdout)) child.stdin.write(answers.shift()?.type ?? '');
    });
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.stdin.on('error', () => {});
    if (input.stdin !== undefined) child.stdin.end(input.stdin);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 128 : 1), stdout, stderr }));
  });
}

/** Runs the CLI as a user would in a script or CI job: a process of its own, its output on pipes (no terminal). */
export function assayCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeout = 120_000,
  input: CliInput = {},
): Promise<CliOutcome> {
  return spawned(process.execPath, ['--import=tsx', ENTRY, ...args], env, timeout, input);
}

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the CLI under a pseudo-terminal, as a person at a terminal would: `script` (util-linux) gives it a tty for
 * stdin, stdout and stderr, copies what it drew, both streams together, to its own stdout, and types `answers` into
 * it. `-e` answers the CLI's exit code.
 */
export function assayCliOnTerminal(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeout = 120_000,
  input: Pick<CliInput, 'answers'> = {},
): Promise<CliOutcome> {
  const command = [process.execPath, '--import=tsx', ENTRY, ...args].map(quoted).join(' ');
  return spawned('script', ['-qec', command, '/dev/null'], { TERM: 'xterm', ...env }, timeout, input);
}

/** Whether the text holds an ANSI escape sequence (colors, cursor moves, line clears). */
export const hasEscapes = (text: string): boolean => text.includes('\u001b');
