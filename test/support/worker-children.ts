import { spawn, type ChildProcess } from 'node:child_process';

/**
 * Spawns `bootstrap/worker.ts` with these variables over the environment; resolves once it says it is ready, fails if
 * it exits first. With `echo`, its output is copied to stderr.
 */
export function spawnWorker(env: Record<string, string>, options: { echo?: boolean } = {}): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'bootstrap/worker.ts'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (options.echo) process.stderr.write(chunk);
      if (chunk.toString().includes('worker ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`worker exited with ${code}`)));
  });
}

/** Stops the children still running with SIGTERM and waits until each has exited. */
export async function stopChildren(children: readonly ChildProcess[]): Promise<void> {
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      (child) =>
        new Promise((resolve) => {
          child.once('exit', resolve);
          child.kill('SIGTERM');
        }),
    ),
  );
}
