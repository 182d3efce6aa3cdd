import { execFile } from 'node:child_process';
import { join } from 'node:path';

const ENTRY = join(import.meta.dirname, '..', '..', 'bootstrap', 'assay-cli.ts');

/** What one `assay` process did: its exit code and what it wrote. */
export interface CliOutcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment a CLI process gets: ours, without color settings the caller did not choose, plus `env`. */
function environment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...inherited } = process.env;
  return { ...inherited, ...env };
}

function spawned(file: string, args: readonly string[], env: NodeJS.ProcessEnv, timeout: number): Promise<CliOutcome> {
  return new Promise((resolve) => {
    execFile(file, args, { env: environment(env), timeout, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Runs the CLI as a user would in a script or CI job: a process of its own, its output on pipes (no terminal). */
export function assayCli(args: readonly string[], env: NodeJS.ProcessEnv, timeout = 120_000): Promise<CliOutcome> {
  return spawned(process.execPath, ['--import=tsx', ENTRY, ...args], env, timeout);
}

const quoted = (word: string) => `'${word.replaceAll("'", `'\\''`)}'`;

/**
 * Runs the CLI under a pseudo-terminal, as a person at a terminal would: `script` (util-linux) gives it a tty for
 * stdout and stderr and copies what it drew, both streams together, to its own stdout. `-e` answers the CLI's exit
 * code.
 */
export function assayCliOnTerminal(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  timeout = 120_000,
): Promise<CliOutcome> {
  const command = [process.execPath, '--import=tsx', ENTRY, ...args].map(quoted).join(' ');
  return spawned('script', ['-qec', command, '/dev/null'], { TERM: 'xterm', ...env }, timeout);
}

/** Whether the text holds an ANSI escape sequence (colors, cursor moves, line clears). */
export const hasEscapes = (text: string): boolean => text.includes('\u001b');
