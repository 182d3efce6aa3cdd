import type { Actor } from '../../domain/identity/role.ts';
import { memoryTenantsWith, type MemoryTenants } from './memory-tenants.ts';
import type { MemoryWorldOptions } from './memory-world.ts';

type UseCases = MemoryTenants['useCases'];

/** Where a connection points when no test calls it: a loopback port nothing should listen on. */
export const UNCALLED_URL = 'http://127.0.0.1:9/chat';

/** One organization's BEARER connection to its product's endpoint at `url` (its token is `<label>-token`). */
export async function connectionOf(useCases: UseCases, actor: Actor, label: string, url = UNCALLED_URL) {
  const connection = await useCases.createEndpointConnection.execute(actor, {
    name: `${label} endpoint`,
    url,
    authType: 'BEARER',
    token: `${label}-token`,
    outputMapping: { output: '$.answer.text' },
  });
  return { connection };
}

export type MemoryConnection = Awaited<ReturnType<typeof connectionOf>>;

/** Two tenants with a connection each: `mine` belongs to A (created by its OWNER), `theirs` to B. */
export const memoryConnections = (options: MemoryWorldOptions & { url?: string } = {}) =>
  memoryTenantsWith((useCases, actor, label) => connectionOf(useCases, actor, label, options.url), options);

export type MemoryConnections = Awaited<ReturnType<typeof memoryConnections>>;
