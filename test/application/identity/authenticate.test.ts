import test from 'ava';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';

/** Each case prepares the world and answers the key to present. */
const cases: {
  rule: string;
  present: (world: MemoryTenants) => Promise<string>;
  /** Whose actor the key resolves to, or refused (Unauthorized). */
  expected: 'member' | 'owner' | 'refused';
}[] = [
  {
    rule: "a live key of a live user in a live organization resolves to the holder's actor",
    present: async ({ a }) => a.memberKey,
    expected: 'member',
  },
  {
    rule: 'the legacy spelling assay-<secret> is the same key',
    present: async ({ a }) => a.memberKey.replace('assay_', 'assay-'),
    expected: 'member',
  },
  {
    rule: 'a malformed key is refused',
    present: async () => 'Bearer nonsense',
    expected: 'refused',
  },
  {
    rule: 'a well-formed key that was never issued is refused',
    present: async () => `assay_${'x'.repeat(40)}`,
    expected: 'refused',
  },
  {
    rule: 'a revoked key is refused at once',
    present: async ({ useCases, a }) => {
      const [key] = await useCases.listApiKeys.execute(a.member, {});
      await useCases.revokeApiKey.execute(a.member, key.id);
      return a.memberKey;
    },
    expected: 'refused',
  },
  {
    rule: "a deleted user's keys are refused at once",
    present: async ({ useCases, a }) => {
      await useCases.deleteUser.execute(a.owner, a.member.userId);
      return a.memberKey;
    },
    expected: 'refused',
  },
  {
    rule: "a deleted organization's keys are refused at once",
    present: async ({ useCases, admin, a }) => {
      await useCases.deleteOrganization.execute(admin, a.organizationId);
      return a.memberKey;
    },
    expected: 'refused',
  },
  {
    rule: "another user's deletion leaves a key working",
    present: async ({ useCases, a }) => {
      await useCases.deleteUser.execute(a.owner, a.member.userId);
      return a.ownerKey;
    },
    expected: 'owner',
  },
];

for (const { rule, present, expected } of cases) {
  test(rule, async (t) => {
    const world = await memoryTenants();
    const key = await present(world);
    if (expected === 'refused') await t.throwsAsync(world.useCases.authenticate.execute(key), { code: 'unauthorized' });
    else t.deepEqual(await world.useCases.authenticate.execute(key), world.a[expected]);
  });
}
