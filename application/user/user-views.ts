import { describeUser, type User, type UserView } from '../../domain/identity/user.ts';
import type { Ports } from '../ports/ports.ts';

/**
 * Users as the API shows them, `hasApiKey` read with one query for the whole page: only keys that still open a
 * request count (not revoked, and for a session key not expired).
 */
export async function viewUsers(ports: Pick<Ports, 'apiKeys' | 'clock'>, users: readonly User[]): Promise<UserView[]> {
  if (users.length === 0) return [];
  const keys = await ports.apiKeys.list(null, {
    where: [
      { field: 'userId', op: 'in', values: users.map((user) => user.id) },
      { field: 'revokedAt', op: 'isNull' },
      {
        op: 'anyOf',
        alternatives: [
          [{ field: 'expiresAt', op: 'isNull' }],
          [{ field: 'expiresAt', op: 'gte', value: ports.clock.now() }],
        ],
      },
    ],
    limit: 100_000,
  });
  const holders = new Set(keys.map((key) => key.userId));
  return users.map((user) => describeUser(user, holders.has(user.id)));
}
