import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { User } from '../../domain/identity/user.ts';
import type { SubscriptionStatus } from '../../domain/organization/subscription.ts';
import type { BulkRecordStore } from './bulk-record-store.ts';

/** A live key found by its secret's hash, with what authentication needs of its holder. */
export interface KeyHolder {
  readonly key: ApiKey;
  /** The key's user, when live. */
  readonly user: Pick<User, 'id' | 'organizationId' | 'role'> | null;
  /** Whether that user's organization is live. */
  readonly organizationLive: boolean;
  /** The status of that organization's subscription; null when none is recorded (a free one). */
  readonly subscriptionStatus: SubscriptionStatus | null;
}

/**
 * API keys, with authentication's look-up: one round trip, since every authenticated request makes it; expired
 * session keys are purged in bulk.
 */
export interface ApiKeyStore extends BulkRecordStore<ApiKey> {
  /** The live (not deleted) key with this secret hash and its holder; null if there is no such key. */
  findHolder(secretHash: string): Promise<KeyHolder | null>;
}
