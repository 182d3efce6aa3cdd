import test from 'ava';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';
import { accessTable } from '../../support/rule-tables.ts';

test("the operator's key for an e-mail authenticates as that user, in whichever organization", async (t) => {
  const { useCases, ports, a, b } = await memoryTenants();
  for (const [email, holder, role] of [
    ['member@acme.example', a.member, 'MEMBER'],
    ['owner@beta.example', b.owner, 'OWNER'],
  ] as const) {
    const { user, key } = await useCases.issueKeyByEmail.execute({ email, name: ' operator ' });
    t.like(user, { id: holder.userId, organizationId: holder.organizationId, email, role });
    const actor = await useCases.authenticate.execute(key);
    t.like(actor, { userId: holder.userId, organizationId: holder.organizationId, role });
    const keys = await useCases.listApiKeys.execute(holder, { userIds: [holder.userId] });
    t.like(
      keys.find((listed) => listed.id === actor.apiKeyId),
      { name: 'operator', userId: holder.userId, revokedAt: null },
    );
    const stored = await ports.apiKeys.require(holder.organizationId, actor.apiKeyId ?? '');
    t.false(JSON.stringify(stored).includes(key.slice(-20)), 'only a hash of the secret is kept');
  }
});

test('the e-mail is matched in any case; each call mints another key', async (t) => {
  const { useCases, a } = await memoryTenants();
  const first = await useCases.issueKeyByEmail.execute({ email: 'Owner@ACME.example', name: 'one' });
  const second = await useCases.issueKeyByEmail.execute({ email: 'owner@acme.example', name: 'two' });
  t.is(first.user.id, a.owner.userId);
  t.not(first.key, second.key);
  t.is((await useCases.authenticate.execute(first.key)).userId, a.owner.userId, 'the first key still works');
});

/** What the operator's command refuses; a refusal mints no key. */
accessTable<MemoryTenants>('issuing a key by e-mail', memoryTenants, [
  {
    rule: 'nobody has that e-mail',
    act: ({ useCases }) => useCases.issueKeyByEmail.execute({ email: 'nobody@acme.example', name: 'x' }),
    expected: 'not_found',
  },
  {
    rule: 'a deleted user has no e-mail any more',
    prepare: async ({ useCases, a }) => {
      await useCases.deleteUser.execute(a.owner, a.member.userId);
    },
    act: ({ useCases }) => useCases.issueKeyByEmail.execute({ email: 'member@acme.example', name: 'x' }),
    expected: 'not_found',
  },
  {
    rule: 'a key needs a name',
    act: ({ useCases }) => useCases.issueKeyByEmail.execute({ email: 'member@acme.example', name: '   ' }),
    expected: 'invalid_input',
  },
]);
