import test from 'ava';
import { memoryWorld } from '../../support/memory-world.ts';

test('the first start creates the platform admin once, with a working key', async (t) => {
  const { useCases, ports } = memoryWorld();
  const first = await useCases.ensurePlatformAdmin.execute();
  t.truthy(first);
  t.regex(first!.key, /^assay_[A-Za-z0-9]{40}$/);
  t.is(await useCases.ensurePlatformAdmin.execute(), null);
  t.is(await ports.organizations.count(null, {}), 1);
  const actor = await useCases.authenticate.execute(first!.key);
  t.like(actor, { role: 'ADMIN', userId: first!.user.id, organizationId: first!.organizationId });
  const stored = await ports.apiKeys.list(null, {});
  t.is(stored.length, 1);
  t.false(JSON.stringify(stored).includes(first!.key.slice(6)), 'only the hash is stored');
});

test('a preset admin key is registered as given', async (t) => {
  const { useCases } = memoryWorld();
  const preset = `assay_${'Preset1'.repeat(6)}`;
  const first = await useCases.ensurePlatformAdmin.execute({ presetKey: preset, email: 'ops@example.com' });
  t.is(first!.key, preset);
  t.is(first!.user.email, 'ops@example.com');
  t.is((await useCases.authenticate.execute(preset.replace('assay_', 'assay-'))).userId, first!.user.id);
});

test('a malformed preset key stops the first start', async (t) => {
  const { useCases, ports } = memoryWorld();
  await t.throwsAsync(useCases.ensurePlatformAdmin.execute({ presetKey: 'secret' }), { code: 'invalid_input' });
  t.is(await ports.organizations.count(null, {}), 0);
});

test('creating an organization also records its FREE subscription, atomically', async (t) => {
  const { useCases, ports } = memoryWorld();
  const first = await useCases.ensurePlatformAdmin.execute();
  const actor = await useCases.authenticate.execute(first!.key);
  const organization = await useCases.createOrganization.execute(actor, { name: 'Acme' });
  t.like(await useCases.getSubscription.execute(actor, organization.id), {
    plan: 'FREE',
    status: 'ACTIVE',
    quantity: 1,
  });
  t.is(organization.remainingSubscriptionCredits, 50, 'the configured starting credits');
  const funded = await useCases.createOrganization.execute(actor, { name: 'Funded', remainingSubscriptionCredits: 7 });
  t.is(funded.remainingSubscriptionCredits, 7, 'an ADMIN may set them at creation');
  t.is(await ports.subscriptions.count(null, {}), 2, 'one subscription per created organization');
  const policy = useCases.getSdkVersionPolicy.execute();
  t.deepEqual(policy, { latestSdkVersionPublished: '2.0.0', minimumSdkVersionSupported: '1.5.0' });
});
