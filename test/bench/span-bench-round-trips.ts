import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// The span-ingestion benchmark's count of a server's database round trips (round-trip-counter.mjs, preloaded).

export interface RoundTrips {
  readonly postgres: number;
  readonly sqlite: number;
  /** The job queue's polling (pg-boss), by the clock rather than per request. */
  readonly queue: number;
  /** With BENCH_ROUND_TRIP_STATEMENTS=true: counts by the statement's first characters. */
  readonly statements: Readonly<Record<string, number>>;
}

let servers = 0;

/** The preload's node arguments and environment for one server, and a reader of its counts so far. */
export function roundTripCounter() {
  const file = join(tmpdir(), `assay-round-trips-${process.pid}-${++servers}.json`);
  const preload = resolve(import.meta.dirname, 'round-trip-counter.mjs');
  return {
    nodeArguments: ['--import', preload],
    env: { BENCH_ROUND_TRIP_FILE: file },
    /** Asks the server (SIGUSR2) for its counts and waits up to 5 s for them; zeros if it does not answer. */
    async read(pid: number): Promise<RoundTrips> {
      rmSync(file, { force: true });
      process.kill(pid, 'SIGUSR2');
      for (let attempt = 0; attempt < 100; attempt++) {
        await new Promise((done) => setTimeout(done, 50));
        if (!existsSync(file)) continue;
        try {
          return JSON.parse(readFileSync(file, 'utf8')) as RoundTrips;
        } catch {
          // written while read: try again
        }
      }
      return { postgres: 0, sqlite: 0, queue: 0, statements: {} };
    },
  };
}
