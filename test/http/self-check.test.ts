import test, { type ExecutionContext } from 'ava';
import { createTenant, useWorld } from '../support/http-world.ts';
import { startMailCatcher } from '../support/mail-catcher.ts';
import { closedPort, json, startLocalHttp } from '../support/local-http.ts';

const TIMEOUT_MS = 600;
const serviceDependency = {
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
const relay = await startMailCatcher({ user: 'assay', password: 'relay-secret' });
const refusingRelay = await startMailCatcher({ user: 'assay', password: 'x', refuseAuth: true });
const jwks = await startLocalHttp((_request, response) =>
  json(response, 200, { keys: [{ kty: 'RSA', kid: 'k1', n: 'AQAB', e: 'AQAB' }] }),
);
const jwks404 = await startLocalHttp((_request, response) => json(response, 404, { error: 'none here' }));
const hanging = await startLocalHttp(() => {});
const answering = await startLocalHttp((request, response) =>
  request.url === '/self-check'
    ? json(response, 200, { status: 'degraded', dependencies: [serviceDependency] })
    : json(response, 404, {}),
);
const missing = await startLocalHttp((_request, response) => json(response, 404, { error: 'not_found' }));
const garbage = await startLocalHttp((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/html' });
  response.end('<html>hello</html>');
});
const wrongShape = await startLocalHttp((_request, response) => json(response, 200, { healthy: true }));
const deadPort = await closedPort();
test.after.always(async () => {
  for (const server of [relay, refusingRelay, jwks, jwks404, hanging, answering, missing, garbage, wrongShape])
    await server.close();
});

const healthy = useWorld(test, 'sqlite', {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: relay.port,
  SMTP_USER: 'assay',
  SMTP_PASSWORD: 'relay-secret',
  MARKETPLACE_JWKS_URL: jwks.url,
  SELF_CHECK_TIMEOUT_MS: TIMEOUT_MS,
  SELF_CHECK_SERVICES: [
    `worker=${answering.url}`,
    `hanging=${hanging.url}`,
    `legacy=${missing.url}`,
    `garbage=${garbage.url}`,
    `wrongShape=${wrongShape.url}`,
    `dead=http://127.0.0.1:${deadPort}`,
  ].join(','),
  SELF_CHECK_SERVICE_NAMES: 'worker,embedder',
});
const broken = useWorld(test, 'sqlite', {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: refusingRelay.port,
  SMTP_USER: 'assay',
  SMTP_PASSWORD: 'wrong',
  MARKETPLACE_JWKS_URL: jwks404.url,
  SELF_CHECK_TIMEOUT_MS: TIMEOUT_MS,
});
const absent = useWorld(test, 'sqlite', {
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: deadPort,
  MARKETPLACE_JWKS_URL: `${hanging.url}/keys`,
  SELF_CHECK_TIMEOUT_MS: TIMEOUT_MS,
});
const bare = useWorld(test, 'sqlite');

const byName = (entries: any[]): Record<string, any> => Object.fromEntries(entries.map((e) => [e.name, e]));

/** The ADMIN's report from a world whose API has failed (still 200): the response and its dependencies by name. */
async function failedApiReport(t: ExecutionContext, world: typeof healthy) {
  const response = await world().admin.get('/self-check');
  t.is(response.status, 200);
  t.is(response.body.api.status, 'failed');
  return { response, dependencies: byName(response.body.api.dependencies) };
}

test('ADMIN: the relay and the key set answer; every service is classified; a dead one never fails the call', async (t) => {
  const started = Date.now();
  const response = await healthy().admin.get('/self-check');
  const elapsed = Date.now() - started;
  t.is(response.status, 200);
  t.true(elapsed < TIMEOUT_MS * 3, `probes run in parallel (${elapsed} ms)`);
  const { api, services } = response.body;
  t.is(api.status, 'ok');
  const dependencies = byName(api.dependencies);
  t.like(dependencies.SMTP_HOST, {
    kind: 'mail',
    status: 'ok',
    severity: 'critical',
    source: 'env',
    resolved: `127.0.0.1:${relay.port} as assay`,
  });
  t.like(dependencies.MARKETPLACE_JWKS_URL, { kind: 'identity', status: 'ok', source: 'env', resolved: jwks.url });
  for (const entry of api.dependencies) {
    t.is(typeof entry.durationMs, 'number');
    t.false('detail' in entry, 'no detail when it worked');
    t.false('failure' in entry);
  }
  const seen = byName(services);
  t.deepEqual(seen.worker, {
    name: 'worker',
    status: 'ok',
    result: 'degraded',
    dependencies: [serviceDependency],
  });
  for (const name of ['hanging', 'garbage', 'wrongShape', 'dead'])
    t.deepEqual(seen[name], { name, status: 'unreachable' }, name);
  t.deepEqual(seen.legacy, { name: 'legacy', status: 'not_implemented' });
  t.deepEqual(seen.embedder, { name: 'embedder', status: 'not_configured' });
  t.is(services.length, 7);
});

test('an enterprise organization sees the report without resolved and detail; FREE gets 403, no key 401', async (t) => {
  const tenant = await createTenant(healthy());
  t.is((await tenant.member.get('/self-check')).status, 403);
  t.is((await tenant.owner.get('/self-check')).status, 403);
  const set = await healthy().admin.put(`/organizations/${tenant.organizationId}/subscription`, {
    plan: 'ENTERPRISE',
    status: 'ACTIVE',
  });
  t.is(set.status, 200);
  const response = await tenant.member.get('/self-check');
  t.is(response.status, 200);
  t.is(response.body.api.dependencies.length, 2);
  const text = JSON.stringify(response.body);
  t.false(text.includes('"resolved"'), text);
  t.false(text.includes('"detail"'), text);
  t.like(byName(response.body.services).worker, { status: 'ok', result: 'degraded' });
  t.like(byName(response.body.services).worker.dependencies[0], { failure: 'incapable', status: 'failed' });
  t.is((await healthy().admin.as(undefined).get('/self-check')).status, 401);
});

test('a relay refusing the credentials and a key set URL answering 404 are incapable; the API has failed', async (t) => {
  const { response, dependencies } = await failedApiReport(t, broken);
  t.like(dependencies.SMTP_HOST, { status: 'failed', failure: 'incapable' });
  t.regex(dependencies.SMTP_HOST.detail, /EAUTH/);
  t.like(dependencies.MARKETPLACE_JWKS_URL, { status: 'failed', failure: 'incapable' });
  t.regex(dependencies.MARKETPLACE_JWKS_URL.detail, /404/);
  t.deepEqual(response.body.services, []);
});

test('an absent relay is unavailable; a key set that never answers is timedOut within its own deadline', async (t) => {
  const { dependencies } = await failedApiReport(t, absent);
  t.like(dependencies.SMTP_HOST, { status: 'failed', failure: 'unavailable' });
  t.like(dependencies.MARKETPLACE_JWKS_URL, { status: 'timedOut', failure: 'unavailable' });
  t.true(dependencies.MARKETPLACE_JWKS_URL.durationMs >= TIMEOUT_MS - 5);
  t.true(dependencies.MARKETPLACE_JWKS_URL.durationMs < TIMEOUT_MS * 3);
});

test('unused dependencies are omitted: no relay, no key set, no services', async (t) => {
  const response = await bare().admin.get('/self-check');
  t.is(response.status, 200);
  t.deepEqual(response.body, { api: { status: 'ok', dependencies: [] }, services: [] });
});
