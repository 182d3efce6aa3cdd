import test from 'ava';
import type { EndpointConnectionView } from '../../domain/endpoint-connection/endpoint-connection.ts';
import { fieldNames } from '../support/field-names.ts';
import { createTenant, databaseWorlds, useWorld } from '../support/http-world.ts';
import { TEST_SECRET_KEY } from '../support/memory-world.ts';

const pathsOf = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

for (const { world, title } of await databaseWorlds(test, { ASSAY_SECRET_KEY: TEST_SECRET_KEY })) {
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  test(title('a connection is created with its defaults; its secret is sealed and never shown'), async (t) => {
    const { owner, member, organizationId } = await createTenant(world());
    const created = await owner.post('/endpointConnections', {
      name: 'Support bot',
      url: 'https://bot.example/chat',
      authType: 'BEARER',
      token: 'tok-very-secret-123',
    });
    t.is(created.status, 201, JSON.stringify(created.body));
    t.deepEqual(
      Object.keys(created.body).sort(),
      fieldNames<EndpointConnectionView>()([
        'apiKeyHeader',
        'authType',
        'conversationEndRules',
        'createdAt',
        'deletedAt',
        'hasSecret',
        'headers',
        'httpMethod',
        'id',
        'inputTemplate',
        'maxConcurrency',
        'name',
        'organizationId',
        'outputMapping',
        'rateLimitPerMinute',
        'retries',
        'timeoutMs',
        'updatedAt',
        'url',
      ]),
    );
    t.regex(created.body.id, /^endpointConnection_/);
    t.like(created.body, {
      organizationId,
      httpMethod: 'POST',
      authType: 'BEARER',
      hasSecret: true,
      timeoutMs: 30000,
      retries: 2,
      maxConcurrency: 4,
      rateLimitPerMinute: null,
      inputTemplate: '{"message": {{ input.user_message | json }}}',
      conversationEndRules: [],
    });
    const read = await member.get(`/endpointConnections/${created.body.id}`);
    t.deepEqual(read.body, created.body);
    t.false(JSON.stringify(read.body).includes('tok-very-secret-123'));
    const stored = await world().platform.ports.endpointConnections.get(organizationId, created.body.id);
    t.truthy(stored?.sealedSecret);
    t.false(stored?.sealedSecret?.includes('tok-very-secret') ?? true, 'stored encrypted');
    t.is((await owner.post('/endpointConnections', { name: 'Support bot', url: 'https://x.example' })).status, 409);
  });

  test(title('templates, mappings, methods, auth fields and end rules are checked at save time'), async (t) => {
    const { owner } = await createTenant(world());
    const base = { name: unique('Bot'), url: 'https://bot.example/chat' };
    const badTemplate = await owner.post('/endpointConnections', { ...base, inputTemplate: '{{ input.user_message ' });
    t.is(badTemplate.status, 400);
    t.deepEqual(pathsOf(badTemplate), ['inputTemplate']);
    t.regex(badTemplate.body.message, /not a valid template/);
    const noInput = await owner.post('/endpointConnections', { ...base, inputTemplate: '{"m": {{ turn }}}' });
    t.is(noInput.status, 400);
    t.regex(noInput.body.message, /never uses `input`/);
    const unknownFilter = await owner.post('/endpointConnections', { ...base, inputTemplate: '{{ input | nope }}' });
    t.is(unknownFilter.status, 400);
    const badPath = await owner.post('/endpointConnections', { ...base, outputMapping: { output: 'answer.text' } });
    t.is(badPath.status, 400);
    t.deepEqual(pathsOf(badPath), ['outputMapping.output']);
    const noOutput = await owner.post('/endpointConnections', { ...base, outputMapping: { sessionId: '$.id' } });
    t.is(noOutput.status, 400);
    t.is((await owner.post('/endpointConnections', { ...base, httpMethod: 'DELETE' })).status, 400);
    t.is((await owner.post('/endpointConnections', { ...base, url: 'ftp://bot.example' })).status, 400);
    t.is((await owner.post('/endpointConnections', { ...base, retries: 6 })).status, 400);
    t.is((await owner.post('/endpointConnections', { ...base, timeoutMs: 300001 })).status, 400);
    const missingToken = await owner.post('/endpointConnections', { ...base, authType: 'BEARER' });
    t.is(missingToken.status, 400);
    t.deepEqual(pathsOf(missingToken), ['token']);
    const strayField = await owner.post('/endpointConnections', { ...base, password: 'x' });
    t.deepEqual(pathsOf(strayField), ['password']);
    const rules = Array.from({ length: 21 }, () => ({ statusCode: 200 }));
    t.is((await owner.post('/endpointConnections', { ...base, conversationEndRules: rules })).status, 400);
    const badRule = await owner.post('/endpointConnections', {
      ...base,
      conversationEndRules: [{ statusCode: 200, jsonPath: '$..[', equals: true }],
    });
    t.deepEqual(pathsOf(badRule), ['conversationEndRules.0.jsonPath']);
    const good = await owner.post('/endpointConnections', {
      ...base,
      httpMethod: 'PUT',
      authType: 'API_KEY',
      apiKey: 'k-123',
      headers: { 'X-Team': 'qa' },
      inputTemplate: '{"q": {{ input.user_message | json }}, "turn": {{ turn }}, "sid": {{ productSessionId | json }}}',
      outputMapping: { output: '$.answer.text', sessionId: '$.conversation', outputTokens: '$.usage.out' },
      conversationEndRules: [{ statusCode: 200, jsonPath: '$.done', equals: true }, { statusCode: 410 }],
      rateLimitPerMinute: 60,
    });
    t.is(good.status, 201, JSON.stringify(good.body));
    t.like(good.body, { apiKeyHeader: 'X-API-Key', hasSecret: true, rateLimitPerMinute: 60 });
  });

  test(title('PATCH keeps the secret unless the auth type or a secret field changes; lists filter'), async (t) => {
    const { owner } = await createTenant(world());
    const name = unique('Patched');
    const created = (
      await owner.post('/endpointConnections', {
        name,
        url: 'https://a.example',
        authType: 'BASIC',
        username: 'u',
        password: 'p',
      })
    ).body;
    const renamed = await owner.patch(`/endpointConnections/${created.id}`, { timeoutMs: 5000, retries: null });
    t.is(renamed.status, 200);
    t.like(renamed.body, { timeoutMs: 5000, retries: 2, hasSecret: true, authType: 'BASIC' });
    const halfSecret = await owner.patch(`/endpointConnections/${created.id}`, { password: 'new' });
    t.is(halfSecret.status, 400, 'a BASIC secret is replaced whole');
    t.deepEqual(pathsOf(halfSecret), ['username']);
    const none = await owner.patch(`/endpointConnections/${created.id}`, { authType: 'NONE' });
    t.like(none.body, { authType: 'NONE', hasSecret: false });
    const other = (await owner.post('/endpointConnections', { name: unique('Other'), url: 'https://b.example' })).body;
    t.deepEqual(
      (await owner.get('/endpointConnections', { names: name })).body.map((c: { id: string }) => c.id),
      [created.id],
    );
    t.is((await owner.get('/endpointConnections', { name: name.toUpperCase().slice(2) })).body.length, 1);
    t.is((await owner.get('/endpointConnections', { ids: [created.id, other.id] })).body.length, 2);
    t.is((await owner.get('/endpointConnections', { sort: 'secret,asc' })).status, 400);
    const deleted = await owner.request('DELETE', `/endpointConnections/${other.id}`);
    t.is(deleted.status, 200);
    t.is((await owner.get(`/endpointConnections/${other.id}`)).status, 404);
    t.is((await owner.get('/endpointConnections', { ids: other.id })).body.length, 0);
  });

  test(title("another organization's connection answers 404 everywhere, versions included"), async (t) => {
    const mine = await createTenant(world());
    const theirs = await createTenant(world());
    const connection = (await theirs.owner.post('/endpointConnections', { name: 'Theirs', url: 'https://t.example' }))
      .body;
    t.is((await mine.owner.get(`/endpointConnections/${connection.id}`)).status, 404);
    t.is((await mine.owner.patch(`/endpointConnections/${connection.id}`, { name: 'Mine' })).status, 404);
    t.is((await mine.owner.request('DELETE', `/endpointConnections/${connection.id}`)).status, 404);
    t.deepEqual((await mine.owner.get('/endpointConnections', { ids: connection.id })).body, []);
    const product = (await mine.owner.post('/products', { name: unique('Product') })).body;
    const foreign = await mine.owner.post('/versions', {
      productId: product.id,
      conversationEndpointConnectionId: connection.id,
    });
    t.is(foreign.status, 404);
    t.regex(foreign.body.message, /Endpoint connection/);
    const own = (await mine.owner.post('/endpointConnections', { name: unique('Mine'), url: 'https://m.example' }))
      .body;
    const version = await mine.owner.post('/versions', {
      productId: product.id,
      conversationEndpointConnectionId: own.id,
    });
    t.is(version.status, 201);
    t.is(
      (await mine.owner.patch(`/versions/${version.body.id}`, { conversationEndpointConnectionId: connection.id }))
        .status,
      404,
    );
    await mine.owner.request('DELETE', `/endpointConnections/${own.id}`);
    const deleted = await mine.owner.post('/versions', {
      productId: product.id,
      conversationEndpointConnectionId: own.id,
    });
    t.is(deleted.status, 404, 'a deleted connection is not live');
  });
}

const noKey = useWorld(test, 'memory');

test('[memory] without ASSAY_SECRET_KEY a connection with a secret or a custom header is refused, one without is accepted', async (t) => {
  const { owner } = await createTenant(noKey());
  const refused = await owner.post('/endpointConnections', {
    name: 'Bot',
    url: 'https://bot.example',
    authType: 'BEARER',
    token: 'secret-token',
  });
  t.is(refused.status, 400);
  t.regex(refused.body.message, /ASSAY_SECRET_KEY is not set/);
  t.false(JSON.stringify(refused.body).includes('secret-token'));
  const withHeader = await owner.post('/endpointConnections', {
    name: 'Header bot',
    url: 'https://bot.example',
    headers: { Cookie: 'sid=secret-cookie' },
  });
  t.is(withHeader.status, 400, 'a custom header value is a secret too');
  t.is(withHeader.body.issues[0].path, 'headers.Cookie');
  t.false(JSON.stringify(withHeader.body).includes('secret-cookie'));
  t.is((await owner.post('/endpointConnections', { name: 'Open bot', url: 'https://bot.example' })).status, 201);
});
