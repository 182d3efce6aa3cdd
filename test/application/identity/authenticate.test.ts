import test from 'ava';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';

/** What may happen to a key, its holder or its organization before the key is presented. */
const revokeMembersKey = async ({ useCases, a }: MemoryTenants) => {
  const [key] = await useCases.listApiKeys.execute(a.member, {});
  await useCases.revokeApiKey.execute(a.member, key.id);
};
const deleteMember = ({ useCases, a }: MemoryTenants) => useCases.deleteUser.execute(a.owner, a.member.userId);
const deleteOrganization = ({ useCases, admin, a }: MemoryTenants) =>
  useCases.deleteOrganization.execute(admin, a.organizationId);

/** The keys tenant A's MEMBER and OWNER were issued. */
const membersKey = ({ a }: MemoryTenants) => a.memberKey;
const ownersKey = ({ a }: MemoryTenants) => a.ownerKey;

/** Each case may first change the world, then answers the key to present. */
const cases: {
  rule: string;
  first?: (world: MemoryTenants) => Promise<unknown>;
  present: (world: MemoryTenants) => string;
  /** Whose actor the key resolves to, or refused (Unauthorized). */
  expected: 'member' | 'owner' | 'refused';
}[] = [
  {
    rule: "a live key of a live user in a live organization resolves to the holder's actor",
    present: membersKey,
    expected: 'member',
  },
  {
    rule: 'the legacy spelling assay-<secret> is the same key',
    present: ({ a }) => a.memberKey.replace('assay_', 'assay-'),
    expected: 'member',
  },
  { rule: 'a malformed key is refused', present: () => 'Bearer nonsense', expected: 'refused' },
  {
    rule: 'a well-formed key that was never issued is refused',
    present: () => `assay_${'x'.repeat(40)}`,
    expected: 'refused',
  },
  { rule: 'a revoked key is refused at once', first: revokeMembersKey, present: membersKey, expected: 'refused' },
  { rule: "a deleted user's keys are refused at once", first: deleteMember, present: membersKey, expected: 'refused' },
  {
    rule: "a deleted organization's keys are refused at once",
    first: deleteOrganization,
    present: membersKey,
    expected: 'refused',
  },
  { rule: "another user's deletion leaves a key working", first: deleteMember, present: ownersKey, expected: 'owner' },
];

for (const { rule, first, present, expected } of cases) {
  test(rule, async (t) => {
    const world = await memoryTenants();
    await first?.(world);
    const key = present(world);
    if (expected === 'refused') await t.throwsAsync(world.useCases.authenticate.execute(key), { code: 'unauthorized' });
    else t.deepEqual(await world.useCases.authenticate.execute(key), world.a[expected]);
  });
}
