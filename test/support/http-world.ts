import { createPlatform, type Platform } from '../../bootstrap/library.ts';
import type { Config } from '../../bootstrap/config.ts';
import { createSequelizeStorage } from '../../adapters/sequelize/sequelize-storage.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ApiClient } from './api-client.ts';
import { createTestDatabase, postgresAvailable, type TestDatabase } from './databases.ts';

/** Where the HTTP tests run: a platform of their own on each database, or a deployment started elsewhere. */
export type WorldKind = 'memory' | 'sqlite' | 'postgres' | 'external';

/**
 * A deployment the tests did not start (the scale-out test's API processes behind their proxy): its URL, its preset
 * admin key and its database, from the environment. Under it the HTTP suites run once, on that deployment.
 */
const EXTERNAL = process.env.ASSAY_TEST_API_URL
  ? {
      url: process.env.ASSAY_TEST_API_URL,
      adminKey: process.env.ASSAY_TEST_ADMIN_KEY ?? '',
      databaseUrl: process.env.ASSAY_TEST_DATABASE_URL ?? '',
    }
  : null;

/** A running platform on a fresh database, with the platform admin's client. */
export interface HttpWorld {
  /** The platform; on an external deployment only its storage ports and configuration (no use cases). */
  readonly platform: Pick<Platform, 'ports' | 'config'> & Partial<Pick<Platform, 'useCases' | 'listenMetrics'>>;
  readonly url: string;
  readonly admin: ApiClient;
  readonly adminKey: string;
  readonly database: string;
  close(): Promise<void>;
}

export async function startWorld(database: WorldKind, config: Partial<Config> = {}): Promise<HttpWorld> {
  if (database === 'external') return externalWorld();
  const store: TestDatabase | null = database === 'memory' ? null : await createTestDatabase(database);
  const platform = await createPlatform({ database: store?.url ?? 'memory', config });
  const first = await platform.useCases.ensurePlatformAdmin.execute();
  if (!first) throw new Error('fresh database already had an admin');
  const url = await platform.listen(0);
  return {
    platform,
    url,
    admin: new ApiClient(url, first.key),
    adminKey: first.key,
    database,
    async close() {
      await platform.close();
      await store?.drop();
    },
  };
}

/** The external deployment, with direct access to its database for the assertions that read storage. */
async function externalWorld(): Promise<HttpWorld> {
  if (!EXTERNAL) throw new Error('no external deployment configured (ASSAY_TEST_API_URL)');
  const handle = openDatabase(EXTERNAL.databaseUrl);
  const ports = createSequelizeStorage(handle) as Platform['ports'];
  return {
    platform: { ports, config: { DATABASE_URL: EXTERNAL.databaseUrl } as Config },
    url: EXTERNAL.url,
    admin: new ApiClient(EXTERNAL.url, EXTERNAL.adminKey),
    adminKey: EXTERNAL.adminKey,
    database: 'external',
    close: () => handle.sequelize.close(),
  };
}

/** A tenant organization with an OWNER and a MEMBER, each with its own key. */
export interface Tenant {
  readonly organizationId: string;
  readonly owner: ApiClient;
  readonly member: ApiClient;
  readonly ownerId: string;
  readonly memberId: string;
}

let tenantCounter = 0;

export async function createTenant(
  world: Pick<HttpWorld, 'admin'>,
  name = `Tenant ${++tenantCounter} ${Math.random().toString(36).slice(2, 8)}`,
): Promise<Tenant> {
  const organization = await world.admin.post('/organizations', { name });
  if (organization.status !== 201)
    throw new Error(`organization: ${organization.status} ${JSON.stringify(organization.body)}`);
  const organizationId = organization.body.id as string;
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  const people: Record<string, { id: string; key: string }> = {};
  for (const role of ['OWNER', 'MEMBER'] as const) {
    const user = await world.admin.post('/users', {
      organizationId,
      email: `${role.toLowerCase()}@${slug}.example`,
      name: `${role} of ${name}`,
      role,
    });
    if (user.status !== 201) throw new Error(`user: ${user.status} ${JSON.stringify(user.body)}`);
    const key = await world.admin.post('/apiKeys', { userId: user.body.id, name: 'test' });
    if (key.status !== 201) throw new Error(`key: ${key.status} ${JSON.stringify(key.body)}`);
    people[role] = { id: user.body.id, key: key.body.key };
  }
  return {
    organizationId,
    owner: world.admin.as(people.OWNER.key),
    member: world.admin.as(people.MEMBER.key),
    ownerId: people.OWNER.id,
    memberId: people.MEMBER.id,
  };
}

/**
 * The databases HTTP tests run on: SQLite always, PostgreSQL when reachable (always under CI=true); only the
 * external deployment when one is configured.
 */
export async function httpDatabases(): Promise<WorldKind[]> {
  if (EXTERNAL) return ['external'];
  if (await postgresAvailable()) return ['sqlite', 'postgres'];
  console.warn('PostgreSQL is not reachable: running on SQLite only (under CI=true this fails instead)');
  return ['sqlite'];
}

type Hooks = { before(fn: () => Promise<void>): void; after: { always(fn: () => Promise<void>): void } };

/** Registers hooks that start a world before the file's tests and close it after; returns its getter. */
export function useWorld(test: Hooks, database: WorldKind, config: Partial<Config> = {}): () => HttpWorld {
  let world: HttpWorld | undefined;
  test.before(async () => {
    world = await startWorld(database, config);
  });
  test.after.always(async () => {
    await world?.close();
  });
  return () => {
    if (!world) throw new Error('world not started');
    return world;
  };
}

/**
 * The worlds of a file's HTTP tests, one per database of httpDatabases (each started before the file's tests and
 * closed after), each with a title helper naming its database.
 */
export async function databaseWorlds(test: Hooks, config: Partial<Config> = {}) {
  return (await httpDatabases()).map((database) => ({
    database,
    world: useWorld(test, database, config),
    title: (text: string) => `[${database}] ${text}`,
  }));
}
