import test from 'ava';
import { createOrganization } from '../../domain/organization/organization.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** OrganizationStore.debitCredits: subscription credits first, then extra; atomic under concurrency; never below zero. */
const worlds = Object.fromEntries(
  (await storageNames()).map((name) => [name, () => openStorage(name, { poolMax: 20 })]),
);

const NOW = '2026-01-01T00:00:00.000Z';

for (const [name, open] of Object.entries(worlds)) {
  test(`[${name}] debit takes subscription credits first, then extra credits, and refuses what it cannot cover`, async (t) => {
    const world = await open();
    try {
      const { organizations } = world.storage;
      await organizations.insert(
        createOrganization(
          { name: 'A', remainingSubscriptionCredits: 2, extraCredits: 3 },
          { id: 'organization_a', now: NOW },
        ),
      );
      t.deepEqual(await organizations.debitCredits('organization_a', 1), {
        remainingSubscriptionCredits: 1,
        extraCredits: 3,
      });
      t.deepEqual(await organizations.debitCredits('organization_a', 3), {
        remainingSubscriptionCredits: 0,
        extraCredits: 1,
      });
      t.is(await organizations.debitCredits('organization_a', 2), null);
      t.deepEqual(await organizations.debitCredits('organization_a', 1), {
        remainingSubscriptionCredits: 0,
        extraCredits: 0,
      });
      t.is(await organizations.debitCredits('organization_missing', 1), null);
      const stored = await organizations.get(null, 'organization_a');
      t.like(stored, { remainingSubscriptionCredits: 0, extraCredits: 0 });
      await organizations.insert(
        createOrganization(
          { name: 'B', remainingSubscriptionCredits: null, extraCredits: 1 },
          { id: 'organization_b', now: NOW },
        ),
      );
      t.deepEqual(await organizations.debitCredits('organization_b', 1), {
        remainingSubscriptionCredits: null,
        extraCredits: 0,
      });
    } finally {
      await world.close();
    }
  });

  test(`[${name}] concurrent debits never overspend`, async (t) => {
    const world = await open();
    try {
      const { organizations, uow } = world.storage;
      await organizations.insert(
        createOrganization(
          { name: 'C', remainingSubscriptionCredits: 7, extraCredits: 8 },
          { id: 'organization_c', now: NOW },
        ),
      );
      const attempts = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          index % 2 === 0
            ? organizations.debitCredits('organization_c', 1)
            : uow.transaction(() => organizations.debitCredits('organization_c', 1)),
        ),
      );
      t.is(attempts.filter((result) => result !== null).length, 15);
      t.like(await organizations.get(null, 'organization_c'), { remainingSubscriptionCredits: 0, extraCredits: 0 });
    } finally {
      await world.close();
    }
  });
}
