import { execFile, spawnSync } from 'node:child_process';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './processes.ts';

const run = promisify(execFile);

/** A PostgreSQL server of a test's own (initdb on a free loopback port): stopping it disturbs nobody else. */
export interface OwnPostgres {
  /** A database on it, for the platform. */
  readonly url: string;
  /** `pg_ctl stop` in `fast` mode: sessions are ended (57P01), new ones refused while it shuts down (57P03). */
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

/** The folder of PostgreSQL's server programs, or null when this machine has none. */
function serverPrograms(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v pg_ctl || ls /usr/lib/postgresql/*/bin/pg_ctl | tail -n 1'], {
    encoding: 'utf8',
  });
  const path = found.stdout.trim().split('\n').at(-1);
  return path ? path.replace(/\/pg_ctl$/, '') : null;
}

/** initdb refuses to run as root; then the cluster belongs to the `postgres` user. */
const asOwner = (program: string, args: string[]): [string, string[]] =>
  process.getuid?.() === 0 ? ['runuser', ['-u', 'postgres', '--', program, ...args]] : [program, args];

export async function startOwnPostgres(): Promise<OwnPostgres | null> {
  const bin = serverPrograms();
  if (!bin) return null;
  const folder = await mkdtemp(join(tmpdir(), 'assay-own-postgres-'));
  if (process.getuid?.() === 0) {
    const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
    const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
    await chown(folder, Number(owner.stdout), Number(group.stdout));
  }
  const data = join(folder, 'data');
  const port = await freePort();
  const ctl = (args: string[]) => run(...asOwner(join(bin, 'pg_ctl'), ['-D', data, ...args]), { timeout: 60_000 });
  await run(...asOwner(join(bin, 'initdb'), ['-D', data, '--auth=trust', '-U', 'postgres']), { timeout: 60_000 });
  const start = async () => {
    await ctl([
      '-o',
      `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      join(folder, 'log'),
      '-w',
      'start',
    ]);
  };
  await start();
  await run('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-c', 'CREATE DATABASE assay']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/assay`,
    stop: async () => {
      await ctl(['-m', 'fast', '-w', 'stop']);
    },
    start,
    async destroy() {
      await ctl(['-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      await rm(folder, { recursive: true, force: true });
    },
  };
}
