import test from 'ava';
import type { Actor } from '../../../domain/identity/role.ts';
import { accessTable } from '../../support/rule-tables.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';

/** A tenant ADMIN in organization A, for the rules about who may change an ADMIN. */
async function tenantAdmin({ useCases, admin, a }: MemoryTenants): Promise<string> {
  const [existing] = await useCases.listUsers.execute(admin, {
    organizationId: a.organizationId,
    emails: ['admin@acme.example'],
  });
  if (existing) return existing.id;
  const user = await useCases.createUser.execute(admin, {
    organizationId: a.organizationId,
    email: 'admin@acme.example',
    name: 'Tenant admin',
    role: 'ADMIN',
  });
  return user.id;
}

const newUser = (role: 'OWNER' | 'MEMBER' | 'ADMIN' = 'MEMBER') => ({ email: 'new@acme.example', name: 'New', role });

/** Who may add, read, change and delete which user. */
accessTable<MemoryTenants>('users', memoryTenants, [
  {
    rule: 'an OWNER adds a user to its own organization',
    act: ({ useCases, a }) => useCases.createUser.execute(a.owner, newUser()),
    expected: 'allowed',
  },
  {
    rule: 'an OWNER cannot add a user to another organization',
    act: ({ useCases, a, b }) =>
      useCases.createUser.execute(a.owner, { ...newUser(), organizationId: b.organizationId }),
    expected: 'not_found',
  },
  {
    rule: 'an OWNER may not grant the ADMIN role',
    act: ({ useCases, a }) => useCases.createUser.execute(a.owner, newUser('ADMIN')),
    expected: 'forbidden',
  },
  {
    rule: 'a MEMBER may not add users',
    act: ({ useCases, a }) => useCases.createUser.execute(a.member, newUser()),
    expected: 'forbidden',
  },
  {
    rule: 'an ADMIN adds a user to any organization',
    act: ({ useCases, admin, b }) =>
      useCases.createUser.execute(admin, { ...newUser('ADMIN'), organizationId: b.organizationId }),
    expected: 'allowed',
  },
  {
    rule: "an e-mail is unique across organizations, whatever its case: another tenant's is taken",
    act: ({ useCases, a }) => useCases.createUser.execute(a.owner, { ...newUser(), email: 'Owner@BETA.example' }),
    expected: 'conflict',
  },
  {
    rule: "another organization's user is unknown to an OWNER",
    act: ({ useCases, a, b }) => useCases.getUser.execute(a.owner, b.owner.userId),
    expected: 'not_found',
  },
  {
    rule: 'an ADMIN reads any user',
    act: ({ useCases, admin, b }) => useCases.getUser.execute(admin, b.member.userId),
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER edits its own profile',
    act: ({ useCases, a }) =>
      useCases.updateUser.execute(a.member, a.member.userId, { name: 'Me', mfaSource: 'EMAIL' }),
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER may not change its own role',
    act: ({ useCases, a }) => useCases.updateUser.execute(a.member, a.member.userId, { role: 'OWNER' }),
    expected: 'forbidden',
  },
  {
    rule: "a MEMBER may not edit another user's profile",
    act: ({ useCases, a }) => useCases.updateUser.execute(a.member, a.owner.userId, { name: 'Boss' }),
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER promotes a MEMBER of its organization',
    act: ({ useCases, a }) => useCases.updateUser.execute(a.owner, a.member.userId, { role: 'OWNER' }),
    expected: 'allowed',
  },
  {
    rule: "an OWNER cannot reach another organization's user",
    act: ({ useCases, a, b }) => useCases.updateUser.execute(a.owner, b.member.userId, { name: 'Mine' }),
    expected: 'not_found',
  },
  {
    rule: 'only an ADMIN changes an ADMIN, even in the same organization',
    prepare: async (world) => void (await tenantAdmin(world)),
    act: async (world) =>
      world.useCases.updateUser.execute(world.a.owner, await tenantAdmin(world), { name: 'Demoted' }),
    expected: 'forbidden',
  },
  {
    rule: 'changing an e-mail to a taken one is a conflict',
    act: ({ useCases, a }) => useCases.updateUser.execute(a.owner, a.member.userId, { email: 'owner@beta.example' }),
    expected: 'conflict',
  },
  {
    rule: 'an OWNER deletes a MEMBER of its organization',
    act: ({ useCases, a }) => useCases.deleteUser.execute(a.owner, a.member.userId),
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER may not delete users',
    act: ({ useCases, a }) => useCases.deleteUser.execute(a.member, a.owner.userId),
    expected: 'forbidden',
  },
  {
    rule: 'nobody deletes itself',
    act: ({ useCases, a }) => useCases.deleteUser.execute(a.owner, a.owner.userId),
    expected: 'forbidden',
  },
  {
    rule: 'only an ADMIN deletes an ADMIN',
    prepare: async (world) => void (await tenantAdmin(world)),
    act: async (world) => world.useCases.deleteUser.execute(world.a.owner, await tenantAdmin(world)),
    expected: 'forbidden',
  },
  {
    rule: "an OWNER cannot delete another organization's user",
    act: ({ useCases, a, b }) => useCases.deleteUser.execute(a.owner, b.member.userId),
    expected: 'not_found',
  },
]);

test('a new user is stored with its e-mail lowercased, and holds no key yet', async (t) => {
  const { useCases, a } = await memoryTenants();
  const created = await useCases.createUser.execute(a.owner, { ...newUser(), email: 'New@ACME.example' });
  t.like(created, { email: 'new@acme.example', organizationId: a.organizationId, hasApiKey: false });
  t.deepEqual(await useCases.getUser.execute(a.owner, created.id), created);
});

test("a deleted user's e-mail may be given to a new user", async (t) => {
  const { useCases, a } = await memoryTenants();
  await useCases.deleteUser.execute(a.owner, a.member.userId);
  await t.throwsAsync(useCases.getUser.execute(a.owner, a.member.userId), { code: 'not_found' });
  const again = await useCases.createUser.execute(a.owner, { ...newUser(), email: 'member@acme.example' });
  t.not(again.id, a.member.userId);
});

test('hasApiKey counts only keys that were not revoked', async (t) => {
  const { useCases, a } = await memoryTenants();
  t.true((await useCases.getCurrentUser.execute(a.member)).hasApiKey);
  const [key] = await useCases.listApiKeys.execute(a.member, {});
  await useCases.revokeApiKey.execute(a.owner, key.id);
  t.false((await useCases.getUser.execute(a.owner, a.member.userId)).hasApiKey);
});

test("users are listed from the caller's organization; only an ADMIN may name another", async (t) => {
  const { useCases, admin, a, b } = await memoryTenants();
  const ids = async (actor: Actor, organizationId?: string) =>
    (await useCases.listUsers.execute(actor, { organizationId })).map((user) => user.id).sort();
  t.deepEqual(await ids(a.member), [a.owner.userId, a.member.userId].sort());
  t.deepEqual(await ids(a.owner, b.organizationId), [a.owner.userId, a.member.userId].sort(), 'the filter is ignored');
  t.deepEqual(await ids(admin, b.organizationId), [b.owner.userId, b.member.userId].sort());
  t.deepEqual(await ids(admin), [admin.userId]);
});

test('the e-mail filter ignores case, as e-mails are stored lowercased', async (t) => {
  const { useCases, a } = await memoryTenants();
  const found = await useCases.listUsers.execute(a.owner, { emails: ['MEMBER@Acme.Example'] });
  t.deepEqual(
    found.map((user) => user.id),
    [a.member.userId],
  );
});
