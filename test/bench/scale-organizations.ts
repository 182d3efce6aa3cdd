import pg from 'pg';
import sqlite3 from 'sqlite3';
import type { TestDatabase } from '../support/databases.ts';
import { createTenant, type HttpWorld } from '../support/http-world.ts';
import { fillLagBounds } from '../../adapters/sequelize/migrations/0028-span-lag-bounds.ts';
import { type SeededOrganization, seedStatements } from './scale-seed.ts';

/** An organization of the scale benchmark and the key of its owner. */
export interface BenchOrganization extends SeededOrganization {
  readonly key: string;
}

async function created(response: Promise<{ status: number; body: any }>, what: string): Promise<string> {
  const { status, body } = await response;
  if (status !== 201) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body.id as string;
}

/** An organization made over HTTP (owner, product, four versions, four tests), its bulk rows not yet seeded. */
export async function createBenchOrganization(
  world: Pick<HttpWorld, 'admin'>,
  tag: string,
  sessions: number,
): Promise<BenchOrganization> {
  const tenant = await createTenant(world, `Scale ${tag} ${Math.random().toString(36).slice(2, 8)}`);
  const productId = await created(tenant.owner.post('/products', { name: `Scale ${tag}` }), 'product');
  const versionIds: string[] = [];
  const datasetIds: string[] = [];
  for (let index = 0; index < 4; index++) {
    versionIds.push(await created(tenant.owner.post('/versions', { productId }), 'version'));
    datasetIds.push(await created(tenant.owner.post('/tests', { productId, name: `Cases ${index}` }), 'test'));
  }
  return {
    tag,
    organizationId: tenant.organizationId,
    userId: tenant.ownerId,
    sessions,
    versionIds,
    datasetIds,
    key: tenant.owner.key!,
  };
}

/**
 * Seeds the organizations' rows straight into the migrated schema (and their spans' lag bounds), statement after statement (the server stays up
 * and idle meanwhile). PostgreSQL then vacuums and gathers statistics, as its autovacuum does after such a load
 * (inserts trigger a vacuum since PostgreSQL 13; it sets the visibility map index-only scans read); SQLite gets
 * none, as the platform runs it.
 */
export async function seedOrganizations(store: TestDatabase, organizations: readonly SeededOrganization[]) {
  // The spans' lag bounds as the migration fills them: the seed writes past the store that keeps them.
  const statements = [
    ...organizations.flatMap((organization) => seedStatements(store.name, organization)),
    fillLagBounds(store.name),
  ];
  if (store.name === 'postgres') {
    const client = new pg.Client({ connectionString: store.url });
    await client.connect();
    try {
      for (const statement of statements) await client.query(statement);
      await client.query('VACUUM ANALYZE');
    } finally {
      await client.end();
    }
    return;
  }
  const database = new sqlite3.Database(store.url.slice('sqlite:'.length));
  const run = (sql: string) =>
    new Promise<void>((resolve, reject) => database.exec(sql, (error) => (error ? reject(error) : resolve())));
  try {
    await run('PRAGMA busy_timeout = 30000');
    for (const statement of statements) await run(statement);
    // The load went to the write-ahead log; fold it into the file now rather than on the server's next write.
    await run('PRAGMA wal_checkpoint(TRUNCATE)');
  } finally {
    await new Promise<void>((resolve) => database.close(() => resolve()));
  }
}
