import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '../..');

/** The heap flags `npm start` and `npm run worker` give Node (package.json): benchmarks run servers so too. */
export const SERVER_HEAP = ['--max-old-space-size=256'];

/** A free TCP port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => done(port));
    });
  });
}

export interface RunningProcess {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves when the output matches, rejects after the timeout. */
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpMatchArray>;
  exited(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

/** Kills every process started by runScript that is still alive, so a failed test never leaves one behind. */
export function killRunning(): void {
  for (const child of running) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  running.clear();
}

/** Runs one of the project's TypeScript entry points with tsx, as `npm start` would. */
export function runScript(
  script: string,
  args: string[],
  env: Record<string, string>,
  options: { nodeArguments?: readonly string[]; cwd?: string } = {},
): RunningProcess {
  return runCommand(
    process.execPath,
    [...(options.nodeArguments ?? []), '--import', 'tsx', script, ...args],
    env,
    options,
  );
}

/** Runs a command of the checkout as a person would type it (`npm start`), its output watched like runScript's. */
export function runCommand(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd ?? ROOT,
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let text = '';
  child.stdout!.on('data', (chunk) => (text += chunk));
  child.stderr!.on('data', (chunk) => (text += chunk));
  const exit = new Promise<number | null>((done) => child.on('exit', (code) => done(code)));
  return {
    child,
    output: () => text,
    exited: () => exit,
    waitFor(pattern, timeoutMs = 30_000) {
      return new Promise((done, fail) => {
        const started = Date.now();
        const poll = setInterval(() => {
          const match = pattern.exec(text);
          if (match) {
            clearInterval(poll);
            done(match);
          } else if (Date.now() - started > timeoutMs || child.exitCode !== null) {
            clearInterval(poll);
            fail(new Error(`did not see ${pattern} in:\n${text}`));
          }
        }, 50);
      });
    },
  };
}
