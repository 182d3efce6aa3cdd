import { displayPrefix, formatKey, type ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import { IssueCollector } from '../../domain/errors.ts';
import type { Ports } from '../ports/ports.ts';
import { viewApiKey, type ApiKeyView } from './api-key-view.ts';

/** What a new key is called, and the secret an operator preset for it (else a fresh one is minted). */
export interface KeyRequest {
  readonly name: string;
  readonly presetSecret?: string;
  /** When the key stops working (session keys); never when absent. */
  readonly expiresAt?: string;
}

/** Mints and stores a key for a user; the plain key is returned this once and never again. */
export async function issueApiKey(
  ports: Pick<Ports, 'apiKeys' | 'secrets' | 'ids' | 'clock'>,
  user: User,
  { name, presetSecret, expiresAt }: KeyRequest,
): Promise<ApiKeyView & { key: string }> {
  const issues = new IssueCollector();
  issues.check(name.trim().length > 0, 'name', 'must not be empty');
  issues.throwIfAny();
  const secret = presetSecret ?? ports.secrets.newSecret();
  const key: ApiKey = {
    id: ports.ids.next('apiKey'),
    organizationId: user.organizationId,
    userId: user.id,
    name: name.trim(),
    secretHash: ports.secrets.hash(secret),
    prefix: displayPrefix(secret),
    createdAt: ports.clock.now(),
    expiresAt: expiresAt ?? null,
    revokedAt: null,
    deletedAt: null,
  };
  return { ...viewApiKey(await ports.apiKeys.insert(key)), key: formatKey(secret) };
}
