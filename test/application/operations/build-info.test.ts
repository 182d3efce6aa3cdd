import test from 'ava';
import type { SubscriptionChange } from '../../../domain/organization/subscription.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';

/** Build info is for admins and for organizations whose subscription is ENTERPRISE and ACTIVE. */
const cases: {
  rule: string;
  as: 'admin' | 'owner' | 'member';
  subscription: SubscriptionChange | null;
  allowed: boolean;
}[] = [
  { rule: 'an ADMIN, whatever the plan', as: 'admin', subscription: null, allowed: true },
  { rule: 'an OWNER on the FREE plan is refused', as: 'owner', subscription: null, allowed: false },
  {
    rule: 'an OWNER on an active ENTERPRISE plan',
    as: 'owner',
    subscription: { plan: 'ENTERPRISE', status: 'ACTIVE' },
    allowed: true,
  },
  {
    rule: 'a MEMBER on an active ENTERPRISE plan',
    as: 'member',
    subscription: { plan: 'ENTERPRISE', status: 'ACTIVE' },
    allowed: true,
  },
  {
    rule: 'a suspended ENTERPRISE plan is refused',
    as: 'owner',
    subscription: { plan: 'ENTERPRISE', status: 'SUSPENDED' },
    allowed: false,
  },
  {
    rule: 'an unsubscribed ENTERPRISE plan is refused',
    as: 'member',
    subscription: { plan: 'ENTERPRISE', status: 'UNSUBSCRIBED' },
    allowed: false,
  },
];

for (const { rule, as, subscription, allowed } of cases) {
  test(`build info: ${rule}`, async (t) => {
    const { useCases, admin, a } = await memoryTenants();
    if (subscription) await useCases.setSubscription.execute(admin, a.organizationId, subscription);
    const actor = as === 'admin' ? admin : a[as];
    if (allowed)
      t.deepEqual(await useCases.getBuildInfo.execute(actor), {
        version: 'dev',
        commit: 'abc123',
        buildDate: '2026-01-01T00:00:00.000Z',
      });
    else await t.throwsAsync(useCases.getBuildInfo.execute(actor), { code: 'forbidden' });
  });
}

test('an ENTERPRISE plan opens build info to its own organization only', async (t) => {
  const { useCases, admin, a, b } = await memoryTenants();
  await useCases.setSubscription.execute(admin, a.organizationId, { plan: 'ENTERPRISE', status: 'ACTIVE' });
  await t.throwsAsync(useCases.getBuildInfo.execute(b.owner), { code: 'forbidden' });
});
