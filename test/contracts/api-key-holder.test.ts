import test from 'ava';
import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { createUser } from '../../domain/identity/user.ts';
import { createOrganization } from '../../domain/organization/organization.ts';
import { freeSubscription } from '../../domain/organization/subscription.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** ApiKeyStore.findHolder: authentication's one look-up, the same on every adapter. */
const NOW = '2026-01-01T00:00:00.000Z';
const admin: Actor = { userId: 'user_admin', organizationId: 'organization_platform', role: 'ADMIN', apiKeyId: null };

const key = (id: string, userId: string, organizationId: string): ApiKey => ({
  id,
  organizationId,
  userId,
  name: id,
  secretHash: `hash_${id}`,
  prefix: 'assay_abc',
  createdAt: NOW,
  expiresAt: null,
  revokedAt: null,
  deletedAt: null,
});

for (const name of await storageNames()) {
  test(`[${name}] findHolder: the live key with its holder; deleted users, organizations and keys show as such`, async (t) => {
    const world = await openStorage(name);
    try {
      const { organizations, users, apiKeys } = world.storage;
      for (const id of ['organization_a', 'organization_gone'])
        await organizations.insert(createOrganization({ name: id }, { id, now: NOW }));
      const user = (id: string, organizationId: string) =>
        createUser(admin, { email: `${id}@x.example`, name: id, role: 'MEMBER' }, { id, organizationId, now: NOW });
      await users.insertMany([
        user('user_live', 'organization_a'),
        user('user_gone', 'organization_a'),
        user('user_orphan', 'organization_gone'),
      ]);
      await apiKeys.insertMany([
        key('apiKey_live', 'user_live', 'organization_a'),
        key('apiKey_revoked', 'user_live', 'organization_a'),
        key('apiKey_deleted', 'user_live', 'organization_a'),
        key('apiKey_of_gone_user', 'user_gone', 'organization_a'),
        key('apiKey_of_gone_organization', 'user_orphan', 'organization_gone'),
      ]);
      const revoked = await apiKeys.require(null, 'apiKey_revoked');
      await apiKeys.update({ ...revoked, revokedAt: NOW });
      await apiKeys.update({ ...(await apiKeys.require(null, 'apiKey_deleted')), deletedAt: NOW });
      await users.update({ ...(await users.require(null, 'user_gone')), deletedAt: NOW });
      const gone = await organizations.require(null, 'organization_gone');
      await organizations.update({ ...gone, deletedAt: NOW });

      const live = await apiKeys.findHolder('hash_apiKey_live');
      t.deepEqual(live, {
        key: key('apiKey_live', 'user_live', 'organization_a'),
        user: { id: 'user_live', organizationId: 'organization_a', role: 'MEMBER' },
        organizationLive: true,
        subscriptionStatus: null,
      });
      await world.storage.subscriptions.insert({
        ...freeSubscription('organization_a', NOW),
        status: 'SUSPENDED',
      });
      t.like(await apiKeys.findHolder('hash_apiKey_live'), { subscriptionStatus: 'SUSPENDED' });
      t.like(await apiKeys.findHolder('hash_apiKey_revoked'), { key: { revokedAt: NOW }, organizationLive: true });
      t.is(await apiKeys.findHolder('hash_apiKey_deleted'), null);
      t.like(await apiKeys.findHolder('hash_apiKey_of_gone_user'), { user: null, organizationLive: false });
      t.like(await apiKeys.findHolder('hash_apiKey_of_gone_organization'), {
        user: { id: 'user_orphan' },
        organizationLive: false,
      });
      t.is(await apiKeys.findHolder('hash_unknown'), null);
    } finally {
      await world.close();
    }
  });
}
