import test from 'ava';
import type { SubscriptionStatus } from '../../../domain/organization/subscription.ts';
import { json, startLocalHttp } from '../../support/local-http.ts';
import { memoryTenants } from '../../support/memory-tenants.ts';

const workerDependency = {
  kind: 'model',
  name: 'JUDGE_MODEL',
  resolved: 'judge-large',
  source: 'env',
  status: 'failed',
  severity: 'degraded',
  detail: 'model judge-large does not exist',
  failure: 'incapable',
  durationMs: 12,
};
const keys = await startLocalHttp((_request, response) => json(response, 200, { keys: [{ kty: 'RSA', kid: 'k1' }] }));
const noKeys = await startLocalHttp((_request, response) => json(response, 404, { error: 'none here' }));
const worker = await startLocalHttp((request, response) =>
  request.url === '/self-check'
    ? json(response, 200, { status: 'degraded', dependencies: [workerDependency] })
    : json(response, 404, {}),
);
test.after.always(async () => {
  for (const server of [keys, noKeys, worker]) await server.close();
});

/** A deployment whose marketplace key set is at `jwksUrl`, with a worker that answers and an embedder not set up. */
const deployment = (jwksUrl: string) =>
  memoryTenants({
    settings: {
      MARKETPLACE_JWKS_URL: jwksUrl,
      SELF_CHECK_TIMEOUT_MS: 5000,
      SELF_CHECK_SERVICES: `worker=${worker.url}`,
      SELF_CHECK_SERVICE_NAMES: 'worker,embedder',
    },
  });

test('an ADMIN sees every dependency and service with what it resolved to and why it failed', async (t) => {
  const { useCases, admin } = await deployment(keys.url);
  const report = await useCases.runSelfCheck.execute(admin);
  t.like(report.api, {
    status: 'ok',
    dependencies: [
      { kind: 'identity', name: 'MARKETPLACE_JWKS_URL', status: 'ok', severity: 'critical', resolved: keys.url },
    ],
  });
  t.deepEqual(report.services, [
    { name: 'worker', status: 'ok', result: 'degraded', dependencies: [workerDependency] },
    { name: 'embedder', status: 'not_configured' },
  ]);
});

test('a broken critical dependency fails the API; only an ADMIN reads the details', async (t) => {
  const { useCases, admin, a } = await deployment(noKeys.url);
  await useCases.setSubscription.execute(admin, a.organizationId, { plan: 'ENTERPRISE', status: 'ACTIVE' });
  const full = await useCases.runSelfCheck.execute(admin);
  t.like(full.api, {
    status: 'failed',
    dependencies: [{ status: 'failed', failure: 'incapable', resolved: noKeys.url }],
  });
  t.regex(full.api.dependencies[0].detail ?? '', /answered 404/);
  const shown = await useCases.runSelfCheck.execute(a.owner);
  t.like(shown.api, { status: 'failed', dependencies: [{ status: 'failed', failure: 'incapable' }] });
  const text = JSON.stringify(shown);
  for (const hidden of [noKeys.url, 'judge-large', '"detail"', '"resolved"']) t.false(text.includes(hidden), hidden);
  t.like(shown.services[0], {
    name: 'worker',
    result: 'degraded',
    dependencies: [{ name: 'JUDGE_MODEL', status: 'failed' }],
  });
});

test('a deployment without outside dependencies reports an API that is ok, and no services', async (t) => {
  const { useCases, admin } = await memoryTenants();
  t.deepEqual(await useCases.runSelfCheck.execute(admin), { api: { status: 'ok', dependencies: [] }, services: [] });
});

/** The self-check is for admins and for organizations whose subscription is ENTERPRISE and ACTIVE. */
const access: { rule: string; as: 'admin' | 'owner' | 'member'; enterprise?: SubscriptionStatus; allowed: boolean }[] =
  [
    { rule: 'an ADMIN, whatever the plan', as: 'admin', allowed: true },
    { rule: 'an OWNER on the FREE plan is refused', as: 'owner', allowed: false },
    { rule: 'a MEMBER on the FREE plan is refused', as: 'member', allowed: false },
    { rule: 'an OWNER on an active ENTERPRISE plan', as: 'owner', enterprise: 'ACTIVE', allowed: true },
    { rule: 'a MEMBER on an active ENTERPRISE plan', as: 'member', enterprise: 'ACTIVE', allowed: true },
    { rule: 'a suspended ENTERPRISE plan is refused', as: 'owner', enterprise: 'SUSPENDED', allowed: false },
    { rule: 'an ended ENTERPRISE plan is refused', as: 'owner', enterprise: 'UNSUBSCRIBED', allowed: false },
  ];

for (const { rule, as, enterprise, allowed } of access) {
  test(`self-check: ${rule}`, async (t) => {
    const { useCases, admin, a, b } = await deployment(keys.url);
    await useCases.setSubscription.execute(admin, b.organizationId, { plan: 'ENTERPRISE', status: 'ACTIVE' });
    if (enterprise)
      await useCases.setSubscription.execute(admin, a.organizationId, { plan: 'ENTERPRISE', status: enterprise });
    const attempt = useCases.runSelfCheck.execute(as === 'admin' ? admin : a[as]);
    if (allowed) t.like(await attempt, { api: { status: 'ok' } });
    else await t.throwsAsync(attempt, { code: 'forbidden' });
  });
}
