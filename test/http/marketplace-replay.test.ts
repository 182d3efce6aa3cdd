import test from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, httpDatabases, type Tenant, useWorld } from '../support/http-world.ts';
import { AUDIENCE, startMarketplaceIssuer, TENANT } from '../support/marketplace-issuer.ts';

/** Issue 22.8: a token serves one operation, a notice from the future is declined, a declined notice stays declined. */
const issuer = await startMarketplaceIssuer();
const databases = await httpDatabases();
test.after.always(() => issuer.close());

const settings = {
  MARKETPLACE_JWKS_URL: issuer.jwksUrl,
  MARKETPLACE_AUDIENCE: AUDIENCE,
  MARKETPLACE_TENANT_ID: TENANT,
  MARKETPLACE_PLANS: 'team=FREE, enterprise=ENTERPRISE',
};

let operations = 0;
/** A notice as the marketplace sends it, stamped a few seconds ago (each later than the one before). */
function notice(subscriptionId: string, action: string, extra: Record<string, unknown> = {}) {
  operations += 1;
  return {
    id: `5a1d0000-0000-4000-8000-${String(operations).padStart(12, '0')}`,
    subscriptionId,
    planId: 'team',
    quantity: 25,
    timeStamp: new Date(Date.now() - 60_000 + operations).toISOString().replace('Z', '1234Z'),
    action,
    status: 'Succeeded',
    ...extra,
  };
}

for (const database of databases) {
  const world = useWorld(test, database, settings);
  const title = (text: string) => `[${database}] ${text}`;
  const send = async (body: unknown, token?: string) =>
    new ApiClient(world().url, token ?? (await issuer.token())).post('/webhooks/marketplace', body);
  async function linkedTenant(subscriptionId: string): Promise<Tenant> {
    const tenant = await createTenant(world());
    await world().admin.put(`/organizations/${tenant.organizationId}/subscription`, {
      plan: 'FREE',
      status: 'ACTIVE',
      marketplaceSubscriptionId: subscriptionId,
    });
    return tenant;
  }
  const subscriptionOf = async (tenant: Tenant) =>
    (await world().admin.get(`/organizations/${tenant.organizationId}/subscription`)).body;

  test(title('one token serves one operation: replayed with another, 401 and no effect'), async (t) => {
    const subscriptionId = `sub-replay-${database}`;
    const tenant = await linkedTenant(subscriptionId);
    const token = await issuer.token();
    const suspend = notice(subscriptionId, 'Suspend');
    t.is((await send(suspend, token)).status, 200);
    const replayed = await send(notice(subscriptionId, 'Reinstate'), token);
    t.is(replayed.status, 401);
    t.deepEqual(replayed.body, {
      error: 'unauthorized',
      message: 'This marketplace token was already used for another operation: each token serves one operation',
    });
    t.is((await subscriptionOf(tenant)).status, 'SUSPENDED', 'the replayed Reinstate did nothing');
    t.deepEqual((await send(suspend, token)).body, { acknowledged: true }, 'its own operation again is a redelivery');

    const plain = await issuer.token({ uti: undefined }, { expiresAt: '10m' });
    t.is((await send(notice(subscriptionId, 'Reinstate'), plain)).status, 200, 'a token without jti or uti');
    t.is((await send(notice(subscriptionId, 'Suspend'), plain)).status, 401, 'is known by its digest');
    const withJti = await issuer.token({ uti: undefined, jti: 'token-1' });
    t.is((await send(notice(subscriptionId, 'Suspend'), withJti)).status, 200);
    t.is((await send(notice(subscriptionId, 'Reinstate'), await issuer.token({ jti: 'token-1' }))).status, 401);
    t.is((await subscriptionOf(tenant)).status, 'SUSPENDED');
  });

  test(
    title('a notice stamped in the future is declined and recorded; a genuine one after it has effect'),
    async (t) => {
      const subscriptionId = `sub-future-${database}`;
      const tenant = await linkedTenant(subscriptionId);
      const frozen = notice(subscriptionId, 'ChangeQuantity', {
        quantity: 40,
        timeStamp: '2099-01-01T00:00:00.0000000Z',
      });
      const declined = await send(frozen);
      t.is(declined.status, 400);
      t.like(declined.body, { error: 'invalid_input', issues: [{ path: 'timeStamp' }] });
      t.regex(declined.body.message, /in the future/);
      t.is((await subscriptionOf(tenant)).quantity, 1, 'nothing changed');
      const record = await world().platform.ports.marketplaceOperations.get(null, frozen.id);
      t.like(record, { outcome: 'declined', declinedField: 'timeStamp' });
      t.is((await send(frozen)).status, 400, 'a redelivery is declined again');

      const soon = notice(subscriptionId, 'Suspend', { timeStamp: new Date(Date.now() + 60_000).toISOString() });
      t.is((await send(soon)).status, 200, 'a minute ahead is within the skew');
      t.is((await subscriptionOf(tenant)).status, 'SUSPENDED', 'the genuine Suspend had effect');
    },
  );

  test(title('a declined change is recorded: its redelivery is declined again, not judged anew'), async (t) => {
    const subscriptionId = `sub-declined-${database}`;
    const tenant = await linkedTenant(subscriptionId);
    t.is((await send(notice(subscriptionId, 'ChangeQuantity', { quantity: 5 }))).status, 200);
    const tooFew = notice(subscriptionId, 'ChangeQuantity', { quantity: 1 });
    const first = await send(tooFew);
    t.is(first.status, 400);
    t.regex(first.body.message, /2 active users/);
    t.is((await tenant.owner.delete(`/users/${tenant.memberId}`)).status, 200, 'one seat would now do');
    const again = await send(tooFew);
    t.is(again.status, 400);
    t.deepEqual(again.body, first.body, 'the same answer as the first delivery');
    t.is((await subscriptionOf(tenant)).quantity, 5, 'the declined change never applies');
  });
}
