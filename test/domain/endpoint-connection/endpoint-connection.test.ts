// Creating an endpoint connection: defaults, what it keeps, every refusal and limit, and how it is shown.
import test from 'ava';
import {
  CONNECTION_LIMITS,
  DEFAULT_INPUT_TEMPLATE,
  DEFAULT_OUTPUT_MAPPING,
  type NewEndpointConnection,
  viewEndpointConnection,
} from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { create, creation, issuePaths, minimal, NOW } from './connection-scene.ts';

test('a new connection: name trimmed, every setting at its default, no secret, version 0', (t) => {
  t.deepEqual(create({ ...minimal, name: '  Shop bot ' }), {
    id: creation.id,
    organizationId: creation.organizationId,
    name: 'Shop bot',
    url: minimal.url,
    httpMethod: 'POST',
    authType: 'NONE',
    apiKeyHeader: null,
    sealedSecret: null,
    headers: {},
    inputTemplate: DEFAULT_INPUT_TEMPLATE,
    outputMapping: DEFAULT_OUTPUT_MAPPING,
    timeoutMs: CONNECTION_LIMITS.timeoutMs.default,
    retries: CONNECTION_LIMITS.retries.default,
    maxConcurrency: CONNECTION_LIMITS.maxConcurrency.default,
    rateLimitPerMinute: null,
    conversationEndRules: [],
    createdAt: NOW,
    updatedAt: NOW,
    deletedAt: null,
    version: 0,
  });
});

test('a new connection keeps what it is given; its secret is kept only sealed', (t) => {
  const connection = create({
    ...minimal,
    httpMethod: 'PUT',
    authType: 'API_KEY',
    apiKey: 'k-123',
    apiKeyHeader: 'X-Key',
    headers: { 'X-Tenant': 'shop' },
    inputTemplate: '{"q": {{ input.user_message | json }}}',
    outputMapping: { output: '$.a', sessionId: '$.s' },
    timeoutMs: 5000,
    retries: 0,
    maxConcurrency: 1,
    rateLimitPerMinute: 60,
    conversationEndRules: [{ statusCode: 204 }],
  });
  t.like(connection, {
    httpMethod: 'PUT',
    authType: 'API_KEY',
    apiKeyHeader: 'X-Key',
    sealedSecret: 'sealed:{"kind":"API_KEY","apiKey":"k-123"}',
    headers: { 'X-Tenant': 'sealed:shop' },
    outputMapping: { output: '$.a', sessionId: '$.s' },
    timeoutMs: 5000,
    retries: 0,
    maxConcurrency: 1,
    rateLimitPerMinute: 60,
    conversationEndRules: [{ statusCode: 204 }],
  });
  t.false(JSON.stringify({ ...connection, sealedSecret: null }).includes('k-123'), 'the secret is nowhere else');
  t.is(create({ ...minimal, authType: 'API_KEY', apiKey: 'k' }).apiKeyHeader, 'X-API-Key', 'the default key header');
});

const atLeast = (limit: { min: number }) => limit.min - 1;
const atMost = (limit: { max: number }) => limit.max + 1;

/** What a new connection may not be: the fields the issues name (every problem of an input at once). */
const refusals: { rule: string; input: Record<string, unknown>; issues: string[] }[] = [
  { rule: 'no name and no URL', input: {}, issues: ['name', 'url'] },
  { rule: 'a blank name', input: { ...minimal, name: '  ' }, issues: ['name'] },
  { rule: 'a null URL', input: { ...minimal, url: null }, issues: ['url'] },
  { rule: 'a relative URL', input: { ...minimal, url: '/chat' }, issues: ['url'] },
  { rule: 'a URL of another scheme', input: { ...minimal, url: 'ftp://bot.example/chat' }, issues: ['url'] },
  { rule: 'a URL carrying credentials', input: { ...minimal, url: 'https://ana:pw@bot.example/' }, issues: ['url'] },
  {
    rule: `a URL over ${CONNECTION_LIMITS.urlLength} characters`,
    input: { ...minimal, url: `https://bot.example/${'a'.repeat(CONNECTION_LIMITS.urlLength)}` },
    issues: ['url'],
  },
  { rule: 'a method other than POST, PUT and GET', input: { ...minimal, httpMethod: 'PATCH' }, issues: ['httpMethod'] },
  { rule: 'an unknown auth type', input: { ...minimal, authType: 'OAUTH' }, issues: ['authType'] },
  { rule: 'BEARER without its token', input: { ...minimal, authType: 'BEARER' }, issues: ['token'] },
  { rule: 'a secret its auth type does not use', input: { ...minimal, password: 'pw' }, issues: ['password'] },
  {
    rule: 'a header name with a space',
    input: { ...minimal, headers: { 'X Tenant': 'a' } },
    issues: ['headers.X Tenant'],
  },
  {
    rule: 'a header value over two lines (header injection)',
    input: { ...minimal, headers: { 'X-Tenant': 'a\r\nX-Admin: yes' } },
    issues: ['headers.X-Tenant'],
  },
  {
    rule: 'a header value HTTP cannot carry (beyond Latin-1)',
    input: { ...minimal, headers: { 'X-Tenant': 'tökén€' } },
    issues: ['headers.X-Tenant'],
  },
  {
    rule: 'a header value with a control character',
    input: { ...minimal, headers: { 'X-Tenant': 'a\u0007b' } },
    issues: ['headers.X-Tenant'],
  },
  {
    rule: 'a header value of *** with nothing stored to keep',
    input: { ...minimal, headers: { 'X-Tenant': '***' } },
    issues: ['headers.X-Tenant'],
  },
  {
    rule: 'a bearer token HTTP cannot carry',
    input: { ...minimal, authType: 'BEARER', token: 'tökén€' },
    issues: ['token'],
  },
  {
    rule: 'an API key HTTP cannot carry',
    input: { ...minimal, authType: 'API_KEY', apiKey: 'clé-🔑' },
    issues: ['apiKey'],
  },
  {
    rule: `more than ${CONNECTION_LIMITS.headers} headers`,
    input: {
      ...minimal,
      headers: Object.fromEntries(Array.from({ length: CONNECTION_LIMITS.headers + 1 }, (_, i) => [`X-${i}`, 'v'])),
    },
    issues: ['headers'],
  },
  { rule: 'a template without the input', input: { ...minimal, inputTemplate: '{}' }, issues: ['inputTemplate'] },
  { rule: 'a mapping without output', input: { ...minimal, outputMapping: {} }, issues: ['outputMapping.output'] },
  {
    rule: 'a timeout under its least',
    input: { ...minimal, timeoutMs: atLeast(CONNECTION_LIMITS.timeoutMs) },
    issues: ['timeoutMs'],
  },
  {
    rule: 'a timeout over its most',
    input: { ...minimal, timeoutMs: atMost(CONNECTION_LIMITS.timeoutMs) },
    issues: ['timeoutMs'],
  },
  { rule: 'a fractional timeout', input: { ...minimal, timeoutMs: 10.5 }, issues: ['timeoutMs'] },
  { rule: 'too many retries', input: { ...minimal, retries: atMost(CONNECTION_LIMITS.retries) }, issues: ['retries'] },
  { rule: 'negative retries', input: { ...minimal, retries: -1 }, issues: ['retries'] },
  {
    rule: 'no concurrency at all',
    input: { ...minimal, maxConcurrency: atLeast(CONNECTION_LIMITS.maxConcurrency) },
    issues: ['maxConcurrency'],
  },
  {
    rule: 'a rate limit over its most',
    input: { ...minimal, rateLimitPerMinute: atMost(CONNECTION_LIMITS.rateLimitPerMinute) },
    issues: ['rateLimitPerMinute'],
  },
  {
    rule: 'an end rule with no status',
    input: { ...minimal, conversationEndRules: [{ statusCode: 0 }] },
    issues: ['conversationEndRules.0.statusCode'],
  },
  {
    rule: 'every problem together',
    input: { url: 'nope', retries: 9, authType: 'BASIC', username: 'ana' },
    issues: ['name', 'url', 'retries', 'password'],
  },
];

for (const { rule, input, issues } of refusals) {
  test(`a new connection is refused: ${rule}`, (t) => {
    t.deepEqual(
      issuePaths(() => create(input as unknown as NewEndpointConnection)),
      issues,
    );
  });
}

test('limits are inclusive: the least and the most of every bounded setting are accepted', (t) => {
  for (const end of ['min', 'max'] as const)
    t.notThrows(() =>
      create({
        ...minimal,
        timeoutMs: CONNECTION_LIMITS.timeoutMs[end],
        retries: CONNECTION_LIMITS.retries[end],
        maxConcurrency: CONNECTION_LIMITS.maxConcurrency[end],
        rateLimitPerMinute: CONNECTION_LIMITS.rateLimitPerMinute[end],
        url: end === 'max' ? `https://b.example/${'a'.repeat(CONNECTION_LIMITS.urlLength - 18)}` : minimal.url,
      }),
    );
});

test('header values Latin-1 can carry are accepted; BASIC credentials may hold any character (sent base64-encoded)', (t) => {
  t.like(create({ ...minimal, headers: { 'X-Tenant': 'café\tà la carte' } }), {
    headers: { 'X-Tenant': 'sealed:café\tà la carte' },
  });
  t.notThrows(() => create({ ...minimal, authType: 'BASIC', username: 'José', password: 'pä€ss' }));
});

test('custom header values are kept only sealed and shown as ***, their names as they are', (t) => {
  const connection = create({ ...minimal, headers: { Authorization: 'Bearer h-123', Cookie: 'sid=c-456' } });
  t.deepEqual(connection.headers, { Authorization: 'sealed:Bearer h-123', Cookie: 'sealed:sid=c-456' });
  const shown = viewEndpointConnection(connection);
  t.deepEqual(shown.headers, { Authorization: '***', Cookie: '***' });
  t.false(JSON.stringify(shown).includes('sealed:'));
});

test('a connection is shown without its secret, only whether it has one', (t) => {
  const bearer = create({ ...minimal, authType: 'BEARER', token: 'tok' });
  const shown = viewEndpointConnection(bearer);
  t.true(shown.hasSecret);
  t.false('sealedSecret' in shown);
  t.false('version' in shown);
  t.false(JSON.stringify(shown).includes('tok'));
  t.false(viewEndpointConnection(create(minimal)).hasSecret);
});
