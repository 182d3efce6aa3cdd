import test from 'ava';
import type { Actor } from '../../../domain/identity/role.ts';
import { createOrganization } from '../../../domain/organization/organization.ts';
import { accessTable, allOrNothingTable } from '../../support/rule-tables.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';

/** Who may read and change which organization. */
accessTable<MemoryTenants>('access', memoryTenants, [
  {
    rule: 'an OWNER reads its own organization',
    act: ({ useCases, a }) => useCases.getOrganization.execute(a.owner, a.organizationId),
    expected: 'allowed',
  },
  {
    rule: "another organization's id is unknown to an OWNER",
    act: ({ useCases, a, b }) => useCases.getOrganization.execute(a.owner, b.organizationId),
    expected: 'not_found',
  },
  {
    rule: 'an ADMIN reads any organization',
    act: ({ useCases, admin, b }) => useCases.getOrganization.execute(admin, b.organizationId),
    expected: 'allowed',
  },
  {
    rule: 'an OWNER renames its own organization',
    act: ({ useCases, a }) => useCases.updateOrganization.execute(a.owner, a.organizationId, { name: 'Acme 2' }),
    expected: 'allowed',
  },
  {
    rule: "an OWNER cannot reach another organization's settings",
    act: ({ useCases, a, b }) => useCases.updateOrganization.execute(a.owner, b.organizationId, { name: 'Mine' }),
    expected: 'not_found',
  },
  {
    rule: 'a MEMBER may not change its organization',
    act: ({ useCases, a }) => useCases.updateOrganization.execute(a.member, a.organizationId, { name: 'Mine' }),
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER may not grant its organization credits',
    act: ({ useCases, a }) => useCases.updateOrganization.execute(a.owner, a.organizationId, { extraCredits: 9 }),
    expected: 'forbidden',
  },
  {
    rule: "an ADMIN sets another organization's credits",
    act: ({ useCases, admin, b }) => useCases.updateOrganization.execute(admin, b.organizationId, { extraCredits: 9 }),
    expected: 'allowed',
  },
  {
    rule: 'only an ADMIN creates organizations',
    act: ({ useCases, a }) => useCases.createOrganization.execute(a.owner, { name: 'Spin-off' }),
    expected: 'forbidden',
  },
  {
    rule: 'only an ADMIN deletes organizations',
    act: ({ useCases, a }) => useCases.deleteOrganization.execute(a.owner, a.organizationId),
    expected: 'forbidden',
  },
  {
    rule: 'the platform organization cannot delete itself',
    act: ({ useCases, admin }) => useCases.deleteOrganization.execute(admin, admin.organizationId),
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER reads its own subscription',
    act: ({ useCases, a }) => useCases.getSubscription.execute(a.owner, a.organizationId),
    expected: 'allowed',
  },
  {
    rule: "another organization's subscription is unknown to an OWNER",
    act: ({ useCases, a, b }) => useCases.getSubscription.execute(a.owner, b.organizationId),
    expected: 'not_found',
  },
  {
    rule: 'only an ADMIN sets a subscription',
    act: ({ useCases, a }) =>
      useCases.setSubscription.execute(a.owner, a.organizationId, { plan: 'ENTERPRISE', status: 'ACTIVE' }),
    expected: 'forbidden',
  },
]);

test('a new organization starts on the FREE plan with the configured credits', async (t) => {
  const { useCases, admin } = await memoryTenants();
  const organization = await useCases.createOrganization.execute(admin, { name: 'Gamma' });
  t.like(organization, { remainingSubscriptionCredits: 50, extraCredits: 0 });
  t.like(await useCases.getSubscription.execute(admin, organization.id), {
    organizationId: organization.id,
    plan: 'FREE',
    status: 'ACTIVE',
    quantity: 1,
  });
});

test('an organization without a recorded subscription reads as FREE', async (t) => {
  const { useCases, ports, admin, clock } = await memoryTenants();
  await ports.organizations.insert(
    createOrganization({ name: 'Legacy' }, { id: 'organization_legacy', now: clock.now() }),
  );
  t.like(await useCases.getSubscription.execute(admin, 'organization_legacy'), {
    organizationId: 'organization_legacy',
    plan: 'FREE',
    status: 'ACTIVE',
  });
});

test('setting a subscription records it the first time and changes it afterwards', async (t) => {
  const { useCases, ports, admin, clock } = await memoryTenants();
  await ports.organizations.insert(
    createOrganization({ name: 'Legacy' }, { id: 'organization_legacy', now: clock.now() }),
  );
  const first = await useCases.setSubscription.execute(admin, 'organization_legacy', {
    plan: 'ENTERPRISE',
    status: 'ACTIVE',
    quantity: 3,
  });
  t.like(first, { plan: 'ENTERPRISE', quantity: 3, version: 0 });
  clock.advance(1000);
  const second = await useCases.setSubscription.execute(admin, 'organization_legacy', {
    plan: 'ENTERPRISE',
    status: 'SUSPENDED',
  });
  t.like(second, { status: 'SUSPENDED', quantity: 3, version: 1, updatedAt: clock.now() });
  t.deepEqual(await useCases.getSubscription.execute(admin, 'organization_legacy'), second);
});

test('a deleted organization is unknown afterwards, even to an ADMIN', async (t) => {
  const { useCases, admin, b } = await memoryTenants();
  await useCases.deleteOrganization.execute(admin, b.organizationId);
  await t.throwsAsync(useCases.getOrganization.execute(admin, b.organizationId), { code: 'not_found' });
  await t.throwsAsync(
    useCases.setSubscription.execute(admin, b.organizationId, { plan: 'ENTERPRISE', status: 'ACTIVE' }),
    { code: 'not_found' },
  );
  const listed = await useCases.listOrganizations.execute(admin, {});
  t.false(listed.some((organization) => organization.id === b.organizationId));
});

test('an ADMIN lists every organization; anyone else only its own', async (t) => {
  const { useCases, admin, a, b } = await memoryTenants();
  const ids = async (actor: Actor) =>
    (await useCases.listOrganizations.execute(actor, {})).map((organization) => organization.id).sort();
  t.deepEqual(await ids(admin), [admin.organizationId, a.organizationId, b.organizationId].sort());
  t.deepEqual(await ids(a.owner), [a.organizationId]);
  t.deepEqual(await ids(a.member), [a.organizationId]);
  t.deepEqual(await useCases.listOrganizations.execute(a.owner, { ids: [b.organizationId] }), []);
});

allOrNothingTable<MemoryTenants>('all or nothing', memoryTenants, [
  {
    rule: 'an organization and its subscription are created together, or not at all',
    breaks: { port: 'subscriptions', method: 'insert' },
    act: (broken, { admin }) => broken.createOrganization.execute(admin, { name: 'Gamma' }),
  },
]);
