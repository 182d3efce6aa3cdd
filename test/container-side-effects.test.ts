import test from 'ava';
import type { Container, ServiceIdentifier } from 'inversify';
import { createHook } from 'node:async_hooks';
import pg from 'pg';
import { Sequelize } from 'sequelize';
import { buildContainer, closeContainer } from '../bootstrap/container.ts';
import { type Config, loadConfig } from '../bootstrap/config.ts';
import { startServices } from '../bootstrap/start-services.ts';
import { TOKENS } from '../bootstrap/tokens.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './support/databases.ts';

/** Timers, servers and connections: what a DI factory must not start (async_hooks sees unref'd timers too). */
const STARTED = /^(Timeout|Immediate|TCPWRAP|TCPSERVERWRAP|PIPEWRAP|PIPESERVERWRAP|UDPWRAP)$/;

/** The kinds of timer, server and connection created while `work` runs. */
async function startedDuring(work: () => Promise<void>): Promise<string[]> {
  const started: string[] = [];
  const hook = createHook({
    init(_id, type) {
      if (STARTED.test(type)) started.push(type);
    },
  });
  hook.enable();
  try {
    await work();
  } finally {
    hook.disable();
  }
  return started;
}

/** Resolves every binding the container has, as an entry point would use them. */
async function resolveEverything(container: Container): Promise<void> {
  for (const token of Object.values(TOKENS) as ServiceIdentifier<unknown>[])
    await container.getAsync(token, { optional: true });
}

/** The tables (PostgreSQL: and schemas other than the built-in ones) a database holds. */
async function tablesOf(database: TestDatabase): Promise<string[]> {
  if (database.name === 'sqlite') {
    const sqlite = new Sequelize({ dialect: 'sqlite', storage: database.url.slice('sqlite:'.length), logging: false });
    const rows = await sqlite.query("SELECT name FROM sqlite_master WHERE type = 'table'", { type: 'SELECT' });
    await sqlite.close();
    return rows.map((row) => String((row as { name: string }).name));
  }
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query(
    "SELECT table_schema || '.' || table_name AS name FROM information_schema.tables WHERE table_schema NOT IN ('pg_catalog', 'information_schema')",
  );
  await client.end();
  return rows.map((row) => String(row.name));
}

/** Every outside system configured (on a loopback port nobody answers: nothing may be contacted). */
const OUTSIDE: Partial<Config> = {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: 9,
  JUDGE_BASE_URL: 'http://127.0.0.1:9/v1',
  JUDGE_MODEL: 'judge',
  SIMULATOR_BASE_URL: 'http://127.0.0.1:9/v1',
  SIMULATOR_MODEL: 'simulator',
  MARKETPLACE_JWKS_URL: 'http://127.0.0.1:9/keys',
  MARKETPLACE_AUDIENCE: 'assay',
  MARKETPLACE_TENANT_ID: 'tenant',
  SELF_CHECK_SERVICES: 'product=http://127.0.0.1:9',
  ASSAY_SECRET_KEY: 'b'.repeat(64),
};

const kinds = (await postgresAvailable()) ? (['sqlite', 'postgres'] as const) : (['sqlite'] as const);
for (const kind of kinds) {
  test.serial(
    `[${kind}] resolving every binding migrates, starts, connects nothing; startServices migrates`,
    async (t) => {
      const database = await createTestDatabase(kind);
      const config = loadConfig({}, { ...OUTSIDE, DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
      const container = await buildContainer(config, new Date());
      try {
        t.deepEqual(await startedDuring(() => resolveEverything(container)), [], 'no timer, server or connection');
        t.deepEqual(await tablesOf(database), [], 'no table, no queue schema');

        await startServices(container);
        const tables = await tablesOf(database);
        t.true(
          tables.some((name) => name.endsWith('assay_migrations')),
          'the entry point migrated',
        );
        t.true(tables.some((name) => name.endsWith('evaluations')));
        if (kind === 'postgres')
          t.true(
            tables.some((name) => name.startsWith('pgboss.')),
            'and started pg-boss',
          );
      } finally {
        await closeContainer(container);
        await database.drop();
      }
    },
  );
}

test.serial(
  '[memory] resolving every binding, every outside system configured, starts and connects nothing',
  async (t) => {
    const config = loadConfig({}, { ...OUTSIDE, DATABASE_URL: 'memory', LOG_LEVEL: 'silent' });
    const container = await buildContainer(config, new Date());
    try {
      t.deepEqual(await startedDuring(() => resolveEverything(container)), []);
    } finally {
      await closeContainer(container);
    }
  },
);
