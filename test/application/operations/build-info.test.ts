import test from 'ava';
import type { SubscriptionStatus } from '../../../domain/organization/subscription.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';

/** Build info is for admins and for organizations whose subscription is ENTERPRISE and ACTIVE. */
const cases: {
  rule: string;
  as: 'admin' | 'owner' | 'member';
  /** The status of tenant A's ENTERPRISE subscription; without one, A stays on the FREE plan. */
  enterprise?: SubscriptionStatus;
  allowed: boolean;
}[] = [
  { rule: 'an ADMIN, whatever the plan', as: 'admin', allowed: true },
  { rule: 'an OWNER on the FREE plan is refused', as: 'owner', allowed: false },
  { rule: 'an OWNER on an active ENTERPRISE plan', as: 'owner', enterprise: 'ACTIVE', allowed: true },
  { rule: 'a MEMBER on an active ENTERPRISE plan', as: 'member', enterprise: 'ACTIVE', allowed: true },
  { rule: 'a suspended ENTERPRISE plan is refused', as: 'owner', enterprise: 'SUSPENDED', allowed: false },
  { rule: 'an unsubscribed ENTERPRISE plan is refused', as: 'member', enterprise: 'UNSUBSCRIBED', allowed: false },
];

for (const { rule, as, enterprise, allowed } of cases) {
  test(`build info: ${rule}`, async (t) => {
    const { useCases, admin, a } = await memoryTenants();
    if (enterprise)
      await useCases.setSubscription.execute(admin, a.organizationId, { plan: 'ENTERPRISE', status: enterprise });
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
