import test from 'ava';
import type { Actor } from '../../../domain/identity/role.ts';
import { createOrganization } from '../../../domain/organization/organization.ts';
import { accessTable, allOrNothingTable, type Outcome } from '../../support/rule-tables.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';
import { actorOf, type Who } from '../../support/tenant-actors.ts';

/** What an actor does to an organization, named by its id. */
type Act = (useCases: MemoryTenants['useCases'], actor: Actor, organizationId: string) => Promise<unknown>;
const read: Act = (useCases, actor, id) => useCases.getOrganization.execute(actor, id);
const rename =
  (name: string): Act =>
  (useCases, actor, id) =>
    useCases.updateOrganization.execute(actor, id, { name });
const grantCredits: Act = (useCases, actor, id) => useCases.updateOrganization.execute(actor, id, { extraCredits: 9 });
const remove: Act = (useCases, actor, id) => useCases.deleteOrganization.execute(actor, id);
const readSubscription: Act = (useCases, actor, id) => useCases.getSubscription.execute(actor, id);
const subscribeEnterprise: Act = (useCases, actor, id) =>
  useCases.setSubscription.execute(actor, id, { plan: 'ENTERPRISE', status: 'ACTIVE' });

/** Whose organization: tenant A's, tenant B's, or the platform's own. */
type Whose = 'a' | 'b' | 'platform';
const organizationIdOf = (world: MemoryTenants, whose: Whose) =>
  whose === 'platform' ? world.admin.organizationId : world[whose].organizationId;

/** Who may read and change which organization, and its subscription. */
const cases: { rule: string; by: Who; does: Act; of: Whose; expected: Outcome }[] = [
  { rule: 'an OWNER reads its own organization', by: 'a.owner', does: read, of: 'a', expected: 'allowed' },
  {
    rule: "another organization's id is unknown to an OWNER",
    by: 'a.owner',
    does: read,
    of: 'b',
    expected: 'not_found',
  },
  { rule: 'an ADMIN reads any organization', by: 'admin', does: read, of: 'b', expected: 'allowed' },
  {
    rule: 'an OWNER renames its own organization',
    by: 'a.owner',
    does: rename('Acme 2'),
    of: 'a',
    expected: 'allowed',
  },
  {
    rule: "an OWNER cannot reach another organization's settings",
    by: 'a.owner',
    does: rename('Mine'),
    of: 'b',
    expected: 'not_found',
  },
  {
    rule: 'a MEMBER may not change its organization',
    by: 'a.member',
    does: rename('Mine'),
    of: 'a',
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER may not grant its organization credits',
    by: 'a.owner',
    does: grantCredits,
    of: 'a',
    expected: 'forbidden',
  },
  {
    rule: "an ADMIN sets another organization's credits",
    by: 'admin',
    does: grantCredits,
    of: 'b',
    expected: 'allowed',
  },
  { rule: 'only an ADMIN deletes organizations', by: 'a.owner', does: remove, of: 'a', expected: 'forbidden' },
  {
    rule: 'the platform organization cannot delete itself',
    by: 'admin',
    does: remove,
    of: 'platform',
    expected: 'forbidden',
  },
  { rule: 'an OWNER reads its own subscription', by: 'a.owner', does: readSubscription, of: 'a', expected: 'allowed' },
  {
    rule: "another organization's subscription is unknown to an OWNER",
    by: 'a.owner',
    does: readSubscription,
    of: 'b',
    expected: 'not_found',
  },
  {
    rule: 'only an ADMIN sets a subscription',
    by: 'a.owner',
    does: subscribeEnterprise,
    of: 'a',
    expected: 'forbidden',
  },
];

accessTable<MemoryTenants>('access', memoryTenants, [
  ...cases.map(({ rule, by, does, of, expected }) => ({
    rule,
    act: (world: MemoryTenants) => does(world.useCases, actorOf(world, by), organizationIdOf(world, of)),
    expected,
  })),
  {
    rule: 'only an ADMIN creates organizations',
    act: ({ useCases, a }) => useCases.createOrganization.execute(a.owner, { name: 'Spin-off' }),
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
  await t.throwsAsync(subscribeEnterprise(useCases, admin, b.organizationId), { code: 'not_found' });
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
