import { readFile } from 'node:fs/promises';
import pg from 'pg';

/** CPU seconds (user + system) a process has used so far, read from /proc; 0 once it is gone or without /proc. */
export async function cpuSeconds(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The PostgreSQL server processes currently serving connections to one database (same machine only). */
export async function postgresBackends(databaseUrl: string): Promise<number[]> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/** Total CPU seconds of several processes. */
export async function totalCpuSeconds(pids: readonly number[]): Promise<number> {
  return (await Promise.all(pids.map(cpuSeconds))).reduce((sum, seconds) => sum + seconds, 0);
}
