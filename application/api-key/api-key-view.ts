import type { ApiKey } from '../../domain/identity/api-key.ts';

/** An API key as the API shows it: never the hash. */
export type ApiKeyView = Omit<ApiKey, 'secretHash'>;

export const viewApiKey = (key: ApiKey): ApiKeyView => ({
  id: key.id,
  name: key.name,
  userId: key.userId,
  organizationId: key.organizationId,
  prefix: key.prefix,
  createdAt: key.createdAt,
  expiresAt: key.expiresAt,
  revokedAt: key.revokedAt,
  deletedAt: key.deletedAt,
});
