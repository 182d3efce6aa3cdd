import type { User } from '../../domain/identity/user.ts';
import { issueApiKey } from '../api-key/issue-api-key.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';

/** A signed-in session: a bearer key like any other, expiring after the configured hours. */
export interface SessionKey {
  readonly key: string;
  readonly expiresAt: string;
}

/**
 * Issues the session key of a user who signed in, records the sign-in time, and purges the user's expired session
 * keys (one statement), so they neither pile up nor count as keys.
 */
export async function openSession(
  ports: Pick<Ports, 'apiKeys' | 'users' | 'secrets' | 'ids' | 'clock'>,
  settings: Pick<Settings, 'sessionKeyTtlHours'>,
  user: User,
): Promise<SessionKey> {
  const now = ports.clock.now();
  const expiresAt = new Date(Date.parse(now) + settings.sessionKeyTtlHours * 3_600_000).toISOString();
  await ports.apiKeys.softDeleteWhere(
    user.organizationId,
    [
      { field: 'userId', op: 'eq', value: user.id },
      { field: 'expiresAt', op: 'lte', value: now },
    ],
    now,
  );
  const issued = await issueApiKey(ports, user, { name: `session ${now}`, expiresAt });
  const current = await ports.users.require(user.organizationId, user.id);
  await ports.users.update({ ...current, firstSignInAt: current.firstSignInAt ?? now, latestSignInAt: now });
  return { key: issued.key, expiresAt };
}
