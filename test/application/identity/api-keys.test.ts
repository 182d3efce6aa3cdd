import test from 'ava';
import type { Actor } from '../../../domain/identity/role.ts';
import { accessTable, type Outcome } from '../../support/rule-tables.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';
import { actorOf, type Who } from '../../support/tenant-actors.ts';

/** The id of the one key a tenant user holds. */
async function keyOf({ useCases }: MemoryTenants, holder: Actor): Promise<string> {
  const [key] = await useCases.listApiKeys.execute(holder, { userIds: [holder.userId] });
  if (!key) throw new Error(`${holder.userId} holds no key`);
  return key.id;
}

/** Who may revoke whose key: `by` revokes the one key `holder` holds. */
const revocations: { rule: string; by: Who; holder: Who; expected: Outcome }[] = [
  { rule: 'a holder revokes its own key', by: 'a.member', holder: 'a.member', expected: 'allowed' },
  { rule: "an OWNER revokes a MEMBER's key", by: 'a.owner', holder: 'a.member', expected: 'allowed' },
  {
    rule: "a MEMBER cannot see its OWNER's key: revoking it answers not found",
    by: 'a.member',
    holder: 'a.owner',
    expected: 'not_found',
  },
  {
    rule: "another organization's key is unknown to an OWNER",
    by: 'a.owner',
    holder: 'b.member',
    expected: 'not_found',
  },
  { rule: 'an ADMIN revokes any key', by: 'admin', holder: 'b.owner', expected: 'allowed' },
];

/** Who may issue a key with this name, and for whom (for itself unless a holder is named). */
const issuances: { rule: string; by: Who; holder?: Who; name: string; expected: Outcome }[] = [
  { rule: 'a user issues a key for itself', by: 'a.member', name: 'laptop', expected: 'allowed' },
  {
    rule: 'an OWNER issues a key for a MEMBER it manages',
    by: 'a.owner',
    holder: 'a.member',
    name: 'ci',
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER may not issue a key for another user',
    by: 'a.member',
    holder: 'a.owner',
    name: 'stolen',
    expected: 'forbidden',
  },
  {
    rule: "another organization's user is unknown to an OWNER issuing keys",
    by: 'a.owner',
    holder: 'b.member',
    name: 'x',
    expected: 'not_found',
  },
  { rule: 'a key needs a name', by: 'a.member', name: '  ', expected: 'invalid_input' },
];

/** Who may issue and revoke whose keys. */
accessTable<MemoryTenants>('keys', memoryTenants, [
  ...issuances.map(({ rule, by, holder, name, expected }) => ({
    rule,
    act: (world: MemoryTenants) =>
      world.useCases.createApiKey.execute(
        actorOf(world, by),
        holder ? { userId: actorOf(world, holder).userId, name } : { name },
      ),
    expected,
  })),
  ...revocations.map(({ rule, by, holder, expected }) => ({
    rule,
    act: async (world: MemoryTenants) =>
      world.useCases.revokeApiKey.execute(actorOf(world, by), await keyOf(world, actorOf(world, holder))),
    expected,
  })),
]);

test('a key issued for a user authenticates as that user, and its secret is answered only once', async (t) => {
  const { useCases, a } = await memoryTenants();
  const issued = await useCases.createApiKey.execute(a.owner, { userId: a.member.userId, name: ' ci ' });
  t.like(issued, { name: 'ci', userId: a.member.userId, organizationId: a.organizationId });
  t.like(await useCases.authenticate.execute(issued.key), { userId: a.member.userId, apiKeyId: issued.id });
  const listed = await useCases.listApiKeys.execute(a.member, { ids: [issued.id] });
  t.deepEqual(Object.keys(listed[0]).sort(), [
    'createdAt',
    'deletedAt',
    'expiresAt',
    'id',
    'name',
    'organizationId',
    'prefix',
    'revokedAt',
    'userId',
  ]);
});

test('a MEMBER lists only its own keys, whatever it asks for; an OWNER its whole organization', async (t) => {
  const { useCases, a } = await memoryTenants();
  await useCases.createApiKey.execute(a.owner, { name: 'second' });
  const holders = async (actor: Actor, userIds?: string[]) =>
    (await useCases.listApiKeys.execute(actor, { userIds })).map((key) => key.userId).sort();
  t.deepEqual(await holders(a.member), [a.member.userId]);
  t.deepEqual(await holders(a.member, [a.owner.userId]), [a.member.userId]);
  t.deepEqual(await holders(a.owner), [a.owner.userId, a.owner.userId, a.member.userId].sort());
  t.deepEqual(await holders(a.owner, [a.member.userId]), [a.member.userId]);
});

test('a revoked key is no longer listed and stops authenticating, while the others go on', async (t) => {
  const world = await memoryTenants();
  const { useCases, a } = world;
  const first = await keyOf(world, a.member);
  const spare = await useCases.createApiKey.execute(a.member, { name: 'spare' });
  const revoked = await useCases.revokeApiKey.execute(a.owner, first);
  t.is(revoked.deletedAt, world.clock.now());
  t.deepEqual(
    (await useCases.listApiKeys.execute(a.member, {})).map((key) => key.id),
    [spare.id],
  );
  await t.throwsAsync(useCases.authenticate.execute(a.memberKey), { code: 'unauthorized' });
  t.like(await useCases.authenticate.execute(spare.key), { userId: a.member.userId });
  await t.throwsAsync(useCases.revokeApiKey.execute(a.owner, revoked.id), { code: 'not_found' });
});
