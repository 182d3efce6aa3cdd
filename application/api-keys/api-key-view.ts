import type { ApiKey } from '../../domain/identity/api-key.ts';

/** An API key as the API shows it: never the hash. */
export const viewApiKey = (key: ApiKey) => ({
  id: key.id,
  name: key.name,
  userId: key.userId,
  organizationId: key.organizationId,
  prefix: key.prefix,
  createdAt: key.createdAt,
  revokedAt: key.revokedAt,
  deletedAt: key.deletedAt,
});
export type ApiKeyView = ReturnType<typeof viewApiKey>;
