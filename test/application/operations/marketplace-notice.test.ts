import test from 'ava';
import { AUDIENCE, startMarketplaceIssuer, TENANT } from '../../support/marketplace-issuer.ts';
import { memoryTenants, type MemoryTenants } from '../../support/memory-tenants.ts';
import { storeSnapshot } from '../../support/memory-world.ts';

const issuer = await startMarketplaceIssuer();
test.after.always(() => issuer.close());

const SUBSCRIPTION = 'sub-acme';
const settings = {
  MARKETPLACE_JWKS_URL: issuer.jwksUrl,
  MARKETPLACE_AUDIENCE: AUDIENCE,
  MARKETPLACE_TENANT_ID: TENANT,
  MARKETPLACE_PLANS: 'team=FREE, enterprise=ENTERPRISE',
  MARKETPLACE_RENEWAL_CREDITS: 777,
};

/** Two tenants; A's subscription is linked to the marketplace's SUBSCRIPTION, B's to none. */
async function linkedWorld() {
  const world = await memoryTenants({ settings });
  await world.useCases.setSubscription.execute(world.admin, world.a.organizationId, {
    plan: 'FREE',
    status: 'ACTIVE',
    marketplaceSubscriptionId: SUBSCRIPTION,
  });
  let second = 0;
  /** A notice as the marketplace sends it: a fresh operation id, each later than the one before (and than now). */
  const notice = (action: string, extra: Record<string, unknown> = {}) => {
    second += 1;
    return {
      id: `operation-${second}`,
      subscriptionId: SUBSCRIPTION,
      action,
      timeStamp: new Date(Date.UTC(2025, 11, 31, 9, 0, second)).toISOString().replace('Z', '1234Z'),
      publisherId: 'assaylabs',
      status: 'Succeeded',
      subscription: { id: SUBSCRIPTION, futureField: { nested: true } },
      ...extra,
    };
  };
  const send = async (body: unknown) => world.useCases.receiveMarketplaceNotice.execute(await issuer.token(), body);
  const subscriptionOf = (tenant: MemoryTenants['a']) =>
    world.useCases.getSubscription.execute(world.admin, tenant.organizationId);
  const operation = (id: string) => world.ports.marketplaceOperations.get(null, id);
  return { ...world, notice, send, subscriptionOf, operation };
}

test('Suspend and Reinstate: the subscription follows, its keys are blocked then restored; each is recorded', async (t) => {
  const { useCases, a, b, notice, send, subscriptionOf, operation } = await linkedWorld();
  const suspend = notice('Suspend');
  t.deepEqual(await send(suspend), { acknowledged: true });
  t.like(await subscriptionOf(a), { status: 'SUSPENDED', marketplaceOperationAt: suspend.timeStamp });
  await t.throwsAsync(useCases.authenticate.execute(a.memberKey), { code: 'forbidden', message: /suspended/ });
  t.like(await useCases.authenticate.execute(b.memberKey), { organizationId: b.organizationId }, 'B is untouched');
  t.like(await operation(suspend.id), {
    marketplaceSubscriptionId: SUBSCRIPTION,
    organizationId: a.organizationId,
    action: 'Suspend',
    operationAt: suspend.timeStamp,
    outcome: 'applied',
  });
  await send(notice('Reinstate'));
  t.like(await subscriptionOf(a), { status: 'ACTIVE' });
  t.like(await useCases.authenticate.execute(a.memberKey), { organizationId: a.organizationId });
});

test('an operation id has effect once; an operation older than the last applied one has none', async (t) => {
  const { a, notice, send, subscriptionOf, operation } = await linkedWorld();
  const suspend = notice('Suspend');
  await send(suspend);
  const reinstate = notice('Reinstate');
  await send(reinstate);
  t.deepEqual(await send(suspend), { acknowledged: true });
  t.like(await subscriptionOf(a), { status: 'ACTIVE', marketplaceOperationAt: reinstate.timeStamp });
  t.is((await operation(suspend.id))?.outcome, 'applied', 'the first delivery’s record stays');
  const late = { ...notice('Suspend'), timeStamp: suspend.timeStamp.replace('1234Z', '1235Z') };
  t.deepEqual(await send(late), { acknowledged: true });
  t.like(await operation(late.id), { outcome: 'stale' });
  t.like(await subscriptionOf(a), { status: 'ACTIVE', marketplaceOperationAt: reinstate.timeStamp });
});

test('unknown actions and unknown subscriptions are acknowledged and recorded without effect', async (t) => {
  const { a, notice, send, subscriptionOf, operation } = await linkedWorld();
  const before = await subscriptionOf(a);
  const subscribe = notice('Subscribe');
  t.deepEqual(await send(subscribe), { acknowledged: true });
  t.like(await operation(subscribe.id), { outcome: 'unknown_action', organizationId: a.organizationId });
  const elsewhere = notice('Suspend', { subscriptionId: 'sub-nobody' });
  t.deepEqual(await send(elsewhere), { acknowledged: true });
  t.like(await operation(elsewhere.id), {
    outcome: 'unknown_subscription',
    organizationId: null,
    marketplaceSubscriptionId: 'sub-nobody',
  });
  t.deepEqual(await subscriptionOf(a), before);
});

test('Unsubscribe is final: a later Reinstate is recorded as ended and changes nothing', async (t) => {
  const { useCases, a, notice, send, subscriptionOf, operation } = await linkedWorld();
  await send(notice('Unsubscribe'));
  t.like(await subscriptionOf(a), { status: 'UNSUBSCRIBED' });
  await t.throwsAsync(useCases.authenticate.execute(a.ownerKey), { code: 'forbidden', message: /ended/ });
  const reinstate = notice('Reinstate');
  await send(reinstate);
  t.like(await operation(reinstate.id), { outcome: 'ended' });
  t.like(await subscriptionOf(a), { status: 'UNSUBSCRIBED' });
});

test('Renew refreshes the subscription credits to the configured amount', async (t) => {
  const { useCases, admin, a, notice, send } = await linkedWorld();
  await useCases.updateOrganization.execute(admin, a.organizationId, { remainingSubscriptionCredits: 3 });
  await send(notice('Renew'));
  t.like(await useCases.getOrganization.execute(admin, a.organizationId), { remainingSubscriptionCredits: 777 });
});

test('ChangePlan maps the plan; ChangeQuantity sets the seats, a numeric string too', async (t) => {
  const { useCases, a, notice, send, subscriptionOf } = await linkedWorld();
  await send(notice('ChangePlan', { planId: 'enterprise' }));
  t.like(await subscriptionOf(a), { plan: 'ENTERPRISE', status: 'ACTIVE' });
  t.truthy(await useCases.getBuildInfo.execute(a.member), 'the enterprise plan is in effect');
  await send(notice('ChangeQuantity', { quantity: 40 }));
  t.like(await subscriptionOf(a), { quantity: 40 });
  await send(notice('ChangeQuantity', { quantity: ' 12 ' }));
  t.like(await subscriptionOf(a), { quantity: 12 });
});

type World = Awaited<ReturnType<typeof linkedWorld>>;

/** What a notice is refused for: the error, and every store as it was (no operation recorded, so a retry may apply). */
const refusals: {
  rule: string;
  token?: (world: World) => Promise<string | null>;
  body: (world: World) => unknown;
  code: string;
  message?: RegExp;
  /** A declined change is recorded (so a redelivery is declined again); nothing else changes. */
  declined?: true;
}[] = [
  { rule: 'no token', token: async () => null, body: ({ notice }) => notice('Suspend'), code: 'unauthorized' },
  {
    rule: 'a token signed by another key',
    token: () => issuer.token({}, { key: 'stranger' }),
    body: ({ notice }) => notice('Suspend'),
    code: 'unauthorized',
  },
  {
    rule: 'a token for another audience',
    token: () => issuer.token({ aud: 'someone-else' }),
    body: ({ notice }) => notice('Suspend'),
    code: 'unauthorized',
  },
  {
    rule: 'a token of another calling application',
    token: () => issuer.token({ azp: 'another-app' }),
    body: ({ notice }) => notice('Suspend'),
    code: 'unauthorized',
  },
  { rule: 'a body that is not an object', body: () => ['Suspend'], code: 'invalid_input', message: /body/ },
  {
    rule: 'a notice without id, subscription or time',
    body: () => ({ action: 'Suspend' }),
    code: 'invalid_input',
    message: /id.*subscriptionId.*timeStamp/,
  },
  {
    rule: 'a time stamp that is no date',
    body: ({ notice }) => notice('Suspend', { timeStamp: 'yesterday' }),
    code: 'invalid_input',
    message: /timeStamp/,
  },
  {
    rule: 'a plan not offered here',
    body: ({ notice }) => notice('ChangePlan', { planId: 'platinum' }),
    code: 'invalid_input',
    message: /platinum/,
    declined: true,
  },
  {
    rule: "fewer seats than the organization's users",
    body: ({ notice }) => notice('ChangeQuantity', { quantity: 1 }),
    code: 'invalid_input',
    message: /2 active users/,
    declined: true,
  },
  {
    rule: 'seats that are no whole number',
    body: ({ notice }) => notice('ChangeQuantity', { quantity: 2.5 }),
    code: 'invalid_input',
    message: /quantity/,
    declined: true,
  },
];

for (const { rule, token, body, code, message, declined } of refusals) {
  test(`refused notice: ${rule}`, async (t) => {
    const world = await linkedWorld();
    const before = await storeSnapshot(world);
    const bearer = token ? await token(world) : await issuer.token();
    const notice = body(world);
    await t.throwsAsync(world.useCases.receiveMarketplaceNotice.execute(bearer, notice), {
      code,
      ...(message ? { message } : {}),
    });
    const after = await storeSnapshot(world);
    const known = new Set(before.marketplaceOperations.map((operation) => operation.id));
    const recorded = after.marketplaceOperations.filter((operation) => !known.has(operation.id));
    t.deepEqual({ ...after, marketplaceOperations: before.marketplaceOperations }, before);
    t.deepEqual(
      recorded.map((operation) => [operation.id, operation.outcome]),
      declined ? [[(notice as { id: string }).id, 'declined']] : [],
    );
  });
}

test('a declined change is recorded: the same operation id is declined again, even once it could apply', async (t) => {
  const { a, notice, send, subscriptionOf, operation } = await linkedWorld();
  const change = notice('ChangePlan', { planId: 'platinum' });
  await t.throwsAsync(send(change), { code: 'invalid_input', message: /platinum/ });
  t.like(await operation(change.id), { outcome: 'declined', declinedField: 'planId' });
  await t.throwsAsync(send({ ...change, planId: 'enterprise' }), { code: 'invalid_input', message: /platinum/ });
  t.like(await subscriptionOf(a), { plan: 'FREE' });
});

test('without marketplace settings every notice is Unavailable and changes nothing', async (t) => {
  const world = await memoryTenants();
  const before = await storeSnapshot(world);
  await t.throwsAsync(
    world.useCases.receiveMarketplaceNotice.execute(await issuer.token(), { id: 'x', subscriptionId: 'y' }),
    { code: 'unavailable', message: /MARKETPLACE_JWKS_URL/ },
  );
  t.deepEqual(await storeSnapshot(world), before);
});
