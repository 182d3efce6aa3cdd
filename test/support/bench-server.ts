import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { freePort, ROOT, SERVER_HEAP } from './processes.ts';

/** The admin key a built benchmark server is started with (ASSAY_ADMIN_API_KEY). */
const BUILT_ADMIN_KEY = `assay_${'BenchBuiltServer'.repeat(3)}`;

export interface BenchServer {
  readonly url: string;
  readonly key: string;
  readonly pid: number;
  stop(): Promise<void>;
}

/**
 * The platform in a process of its own for benchmarks, with the heap `npm start` gives it: `built` runs the compiled
 * server as `npm start` does (`dist/bootstrap/server.js`; `npm run build` first), `source` runs
 * `test/bench/span-server.ts` under tsx (of this checkout, or of `root`, a baseline checkout). `nodeArguments` come
 * before the script (a CPU profile, a preload); `env` is added to the server's environment.
 */
export async function startBenchServer(
  databaseUrl: string,
  kind: 'built' | 'source',
  {
    root = ROOT,
    nodeArguments = [],
    env = {},
  }: { root?: string; nodeArguments?: readonly string[]; env?: Readonly<Record<string, string>> } = {},
): Promise<BenchServer> {
  if (kind === 'source') {
    const child = spawn(
      process.execPath,
      [...SERVER_HEAP, ...nodeArguments, '--import', 'tsx', `${root}/test/bench/span-server.ts`, databaseUrl],
      { stdio: ['ignore', 'pipe', 'inherit'], cwd: root, env: { ...process.env, ...env } },
    );
    const [line] = (await once(createInterface({ input: child.stdout! }), 'line')) as [string];
    const { url, key } = JSON.parse(line) as { url: string; key: string };
    return { url, key, pid: child.pid!, stop: () => stopped(child) };
  }
  const port = await freePort();
  const child = spawn(process.execPath, [...SERVER_HEAP, ...nodeArguments, `${root}/dist/bootstrap/server.js`], {
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: root,
    env: {
      ...process.env,
      ...env,
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      ASSAY_ADMIN_API_KEY: BUILT_ADMIN_KEY,
      LOG_LEVEL: 'warn',
    },
  });
  const url = `http://127.0.0.1:${port}`;
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = await fetch(`${url}/ready`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (ready) return { url, key: BUILT_ADMIN_KEY, pid: child.pid!, stop: () => stopped(child) };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the built server did not become ready in 30 s (run npm run build first)');
}

async function stopped(child: ReturnType<typeof spawn>): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}
