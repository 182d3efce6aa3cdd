import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** A database a test may use: SQLite in a fresh temp file, or a fresh PostgreSQL database dropped afterwards. */
export interface TestDatabase {
  readonly name: 'sqlite' | 'postgres';
  readonly url: string;
  drop(): Promise<void>;
}

const ADMIN_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
let postgresReachable: Promise<boolean> | undefined;

async function canReachPostgres(): Promise<boolean> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

/** Whether PostgreSQL tests run; under CI=true an unreachable PostgreSQL fails the run instead of skipping. */
export async function postgresAvailable(): Promise<boolean> {
  postgresReachable ??= canReachPostgres();
  const reachable = await postgresReachable;
  if (!reachable && process.env.CI === 'true') {
    throw new Error(`PostgreSQL is required under CI=true but ${ADMIN_URL.replace(/\/\/[^@]*@/, '//')} did not answer`);
  }
  return reachable;
}

async function createPostgresDatabase(): Promise<TestDatabase> {
  const name = `assay_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    name: 'postgres',
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: ADMIN_URL });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}

async function createSqliteDatabase(): Promise<TestDatabase> {
  const { mkdtemp, rm } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  const folder = await mkdtemp(join(tmpdir(), 'assay-test-'));
  return {
    name: 'sqlite',
    url: `sqlite:${join(folder, 'assay.sqlite')}`,
    drop: () => rm(folder, { recursive: true, force: true }),
  };
}

export function createTestDatabase(name: 'sqlite' | 'postgres'): Promise<TestDatabase> {
  return name === 'sqlite' ? createSqliteDatabase() : createPostgresDatabase();
}
