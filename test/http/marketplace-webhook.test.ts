import test from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, httpDatabases, startWorld, type Tenant, useWorld } from '../support/http-world.ts';
import { AUDIENCE, startMarketplaceIssuer, TENANT } from '../support/marketplace-issuer.ts';

const issuer = await startMarketplaceIssuer();
const databases = await httpDatabases();
test.after.always(() => issuer.close());

const settings = {
  MARKETPLACE_JWKS_URL: issuer.jwksUrl,
  MARKETPLACE_AUDIENCE: AUDIENCE,
  MARKETPLACE_TENANT_ID: TENANT,
  MARKETPLACE_PLANS: 'team=FREE, enterprise=ENTERPRISE',
  MARKETPLACE_RENEWAL_CREDITS: 777,
};

let operationCounter = 0;
let clockSeconds = 0;
/** A notice as the marketplace sends it: a fresh operation id and a later time stamp than the one before. */
function notice(subscriptionId: string, action: string, extra: Record<string, unknown> = {}) {
  operationCounter += 1;
  clockSeconds += 1;
  return {
    id: `0e6b7a1c-5d2f-4a8e-9b61-${String(operationCounter).padStart(12, '0')}`,
    activityId: 'b8f1c2d3-7e6a-4f50-8c19-3d2e1f0a9b87',
    subscriptionId,
    publisherId: 'assaylabs',
    offerId: 'assay-eval',
    planId: 'team',
    quantity: 25,
    timeStamp: new Date(Date.UTC(2026, 2, 2, 9, 0, clockSeconds)).toISOString().replace('Z', '1234Z'),
    action,
    status: 'Succeeded',
    operationRequestSource: 'Azure',
    purchaseToken: null,
    subscription: { id: subscriptionId, saasSubscriptionStatus: 'Subscribed', futureField: { nested: true } },
    ...extra,
  };
}

for (const database of databases) {
  const world = useWorld(test, database, settings);
  const title = (text: string) => `[${database}] ${text}`;
  const send = async (body: unknown, token?: string | null) => {
    const bearer = token === undefined ? await issuer.token() : token;
    return new ApiClient(world().url, bearer ?? undefined).post('/webhooks/marketplace', body);
  };
  async function linkedTenant(subscriptionId: string): Promise<Tenant> {
    const tenant = await createTenant(world());
    const linked = await world().admin.put(`/organizations/${tenant.organizationId}/subscription`, {
      plan: 'FREE',
      status: 'ACTIVE',
      marketplaceSubscriptionId: subscriptionId,
    });
    if (linked.status !== 200) throw new Error(`link: ${linked.status} ${JSON.stringify(linked.body)}`);
    return tenant;
  }
  const subscriptionOf = async (tenant: Tenant) =>
    (await world().admin.get(`/organizations/${tenant.organizationId}/subscription`)).body;

  test.serial(
    title('tokens: missing, garbage, foreign signature, audience, issuer, tenant, app, expiry, HS256 → 401'),
    async (t) => {
      const tenant = await linkedTenant(`sub-auth-${database}`);
      const body = notice(`sub-auth-${database}`, 'Suspend');
      const bad = {
        missing: null,
        garbage: 'not-a-jwt',
        foreignSignature: await issuer.token({}, { key: 'stranger' }),
        wrongAudience: await issuer.token({ aud: 'someone-else' }),
        wrongIssuer: await issuer.token({ iss: 'https://login.microsoftonline.com/another-tenant/v2.0' }),
        wrongTenant: await issuer.token({ tid: 'another-tenant' }),
        wrongCaller: await issuer.token({ azp: 'another-app' }),
        expired: await issuer.token({}, { expiresAt: Math.floor(Date.now() / 1000) - 3600 }),
        hs256: await issuer.hs256Token(),
      };
      for (const [name, token] of Object.entries(bad)) {
        const response = await send(body, token);
        t.is(response.status, 401, name);
        t.is(response.body.error, 'unauthorized', name);
      }
      t.is((await subscriptionOf(tenant)).status, 'ACTIVE', 'nothing changed');
      t.is((await tenant.member.get('/auth/user')).status, 200);
    },
  );

  test.serial(
    title('v1 and v2 issuers are accepted; Suspend blocks the keys with 403, Reinstate restores at once'),
    async (t) => {
      const subscriptionId = `sub-suspend-${database}`;
      const tenant = await linkedTenant(subscriptionId);
      const v1 = await issuer.token({
        iss: `https://sts.windows.net/${TENANT}/`,
        azp: undefined,
        appid: '20e940b3-4c77-4b0b-9a53-9e16a1b010a7',
        ver: '1.0',
      });
      const suspended = await send(notice(subscriptionId, 'Suspend'), v1);
      t.is(suspended.status, 200);
      t.deepEqual(suspended.body, { acknowledged: true });
      const refused = await tenant.member.get('/products');
      t.is(refused.status, 403);
      t.regex(refused.body.message, /suspended/);
      t.is((await tenant.owner.get('/auth/user')).status, 403);
      t.is((await world().admin.get('/auth/user')).status, 200, 'other organizations are untouched');
      t.is((await send(notice(subscriptionId, 'Reinstate'))).status, 200);
      t.is((await tenant.member.get('/products')).status, 200);
      t.is((await subscriptionOf(tenant)).status, 'ACTIVE');
    },
  );

  test.serial(title('a repeated operation id has no second effect; an older operation is ignored'), async (t) => {
    const subscriptionId = `sub-dup-${database}`;
    const tenant = await linkedTenant(subscriptionId);
    const suspend = notice(subscriptionId, 'Suspend');
    t.is((await send(suspend)).status, 200);
    t.is((await send(notice(subscriptionId, 'Reinstate'))).status, 200);
    const again = await send(suspend);
    t.is(again.status, 200);
    t.deepEqual(again.body, { acknowledged: true });
    t.is((await subscriptionOf(tenant)).status, 'ACTIVE', 'the duplicate Suspend did nothing');
    const late = { ...notice(subscriptionId, 'Suspend'), timeStamp: '2026-03-02T08:00:00.0000001Z' };
    t.is((await send(late)).status, 200);
    t.is((await subscriptionOf(tenant)).status, 'ACTIVE', 'the out-of-order Suspend did nothing');
    t.is((await tenant.member.get('/products')).status, 200);
  });

  test.serial(title('unknown actions and unknown subscriptions are acknowledged without effect'), async (t) => {
    const subscriptionId = `sub-unknown-${database}`;
    const tenant = await linkedTenant(subscriptionId);
    const before = await subscriptionOf(tenant);
    t.deepEqual((await send(notice(subscriptionId, 'Subscribe'))).body, { acknowledged: true });
    t.deepEqual((await send(notice('no-such-subscription', 'Suspend'))).body, { acknowledged: true });
    t.deepEqual(await subscriptionOf(tenant), before);
    const malformed = await send({ action: 'Suspend' });
    t.is(malformed.status, 400);
    t.is(malformed.body.error, 'invalid_input');
  });

  test.serial(
    title('ChangePlan maps the plan (unknown plan → 400); ChangeQuantity sets seats (below users → 400)'),
    async (t) => {
      const subscriptionId = `sub-change-${database}`;
      const tenant = await linkedTenant(subscriptionId);
      t.is(
        (await send(notice(subscriptionId, 'ChangePlan', { planId: 'enterprise', status: 'InProgress' }))).status,
        200,
      );
      t.is((await subscriptionOf(tenant)).plan, 'ENTERPRISE');
      t.is((await tenant.member.get('/build-info')).status, 200, 'the enterprise plan is in effect');
      const unknownPlan = await send(notice(subscriptionId, 'ChangePlan', { planId: 'platinum' }));
      t.is(unknownPlan.status, 400);
      t.regex(unknownPlan.body.message, /platinum/);
      t.is((await subscriptionOf(tenant)).plan, 'ENTERPRISE');
      t.is((await send(notice(subscriptionId, 'ChangeQuantity', { quantity: '40' }))).status, 200);
      t.is((await subscriptionOf(tenant)).quantity, 40);
      const tooFew = await send(notice(subscriptionId, 'ChangeQuantity', { quantity: 1 }));
      t.is(tooFew.status, 400);
      t.regex(tooFew.body.message, /active users/);
      t.is((await subscriptionOf(tenant)).quantity, 40);
    },
  );

  test.serial(title('Renew refreshes the period credits; Unsubscribe ends access for good, data kept'), async (t) => {
    const subscriptionId = `sub-end-${database}`;
    const tenant = await linkedTenant(subscriptionId);
    await world().admin.patch(`/organizations/${tenant.organizationId}`, { remainingSubscriptionCredits: 3 });
    t.is((await send(notice(subscriptionId, 'Renew'))).status, 200);
    const renewed = await world().admin.get(`/organizations/${tenant.organizationId}`);
    t.is(renewed.body.remainingSubscriptionCredits, 777);
    const product = await tenant.owner.post('/products', { name: 'Kept' });
    t.is(product.status, 201);
    t.is((await send(notice(subscriptionId, 'Unsubscribe'))).status, 200);
    const refused = await tenant.owner.get('/products');
    t.is(refused.status, 403);
    t.regex(refused.body.message, /ended/);
    t.is((await send(notice(subscriptionId, 'Reinstate'))).status, 200);
    t.is((await subscriptionOf(tenant)).status, 'UNSUBSCRIBED', 'Unsubscribed is final');
    const kept = await world().platform.ports.products.get(tenant.organizationId, product.body.id);
    t.is(kept?.name, 'Kept', 'the data is kept');
  });
}

test('the signing keys out of reach answer 503 (the sender retries), never 401', async (t) => {
  const down = await startMarketplaceIssuer();
  const jwksUrl = down.jwksUrl;
  const token = await down.token();
  await down.close();
  const world = await startWorld('memory', { ...settings, MARKETPLACE_JWKS_URL: jwksUrl });
  try {
    const response = await new ApiClient(world.url, token).post('/webhooks/marketplace', notice('sub-x', 'Suspend'));
    t.is(response.status, 503);
    t.is(response.body.error, 'unavailable');
  } finally {
    await world.close();
  }
});

test('without marketplace settings the webhook answers 503 and changes nothing', async (t) => {
  const world = await startWorld('memory');
  try {
    const response = await new ApiClient(world.url, await issuer.token()).post(
      '/webhooks/marketplace',
      notice('sub-y', 'Suspend'),
    );
    t.is(response.status, 503);
    t.regex(response.body.message, /MARKETPLACE_JWKS_URL/);
  } finally {
    await world.close();
  }
});
