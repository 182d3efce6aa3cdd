import type { ApiKeyStore, KeyHolder } from '../../application/ports/api-key-store.ts';
import type { RecordStore } from '../../application/ports/record-store.ts';
import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { Subscription } from '../../domain/organization/subscription.ts';
import type { RecordKind } from '../shared/record-kind.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** API keys in memory; the holder is looked up in the users and organizations stores. */
export class MemoryApiKeyStore extends MemoryBulkRecordStore<ApiKey> implements ApiKeyStore {
  constructor(
    kind: RecordKind<ApiKey>,
    uow: MemoryUnitOfWork,
    private readonly holders: {
      users: RecordStore<User>;
      organizations: RecordStore<Organization>;
      subscriptions: RecordStore<Subscription>;
    },
  ) {
    super(kind, uow);
  }

  async findHolder(secretHash: string): Promise<KeyHolder | null> {
    const key = this.matching(null, [{ field: 'secretHash', op: 'eq', value: secretHash }])[0];
    if (!key) return null;
    const user = await this.holders.users.get(key.organizationId, key.userId);
    const organization = user && (await this.holders.organizations.get(user.organizationId, user.organizationId));
    return {
      key: structuredClone(key),
      user: user && { id: user.id, organizationId: user.organizationId, role: user.role },
      organizationLive: organization !== null,
      subscriptionStatus: organization
        ? ((await this.holders.subscriptions.get(organization.id, organization.id))?.status ?? null)
        : null,
    };
  }
}
