// Changing an endpoint connection (PATCH): what each change leaves, secrets kept or replaced, and every refusal.
import test from 'ava';
import {
  CONNECTION_LIMITS,
  changeEndpointConnection,
  DEFAULT_INPUT_TEMPLATE,
  DEFAULT_OUTPUT_MAPPING,
  type EndpointConnection,
  type EndpointConnectionChanges,
} from '../../../domain/endpoint-connection/endpoint-connection.ts';
import { create, issuePaths, LATER, minimal } from './connection-scene.ts';
import { toyContext } from './toy-syntax.ts';

const bearer = (): EndpointConnection => ({
  ...create({
    ...minimal,
    authType: 'BEARER',
    token: 'old-token',
    headers: { 'X-Tenant': 'shop' },
    inputTemplate: '{"q": {{ input.user_message | json }}}',
    outputMapping: { output: '$.a' },
    timeoutMs: 5000,
    retries: 0,
    maxConcurrency: 1,
    rateLimitPerMinute: 60,
    conversationEndRules: [{ statusCode: 204 }],
  }),
  version: 3,
});
const OLD_SECRET = 'sealed:{"kind":"BEARER","token":"old-token"}';
const change = (changes: Record<string, unknown>, from: EndpointConnection = bearer()) =>
  changeEndpointConnection(from, changes as EndpointConnectionChanges, LATER, toyContext);

/** What a PATCH leaves: the fields it changes (everything else as it was, updatedAt now). */
const patches: { rule: string; changes: Record<string, unknown>; changed: Partial<EndpointConnection> }[] = [
  { rule: 'nothing sent: nothing changes but the time', changes: {}, changed: {} },
  { rule: 'a new name, trimmed', changes: { name: ' Shop bot 2 ' }, changed: { name: 'Shop bot 2' } },
  {
    rule: 'settings change, the secret stays',
    changes: { retries: 4, url: 'https://b.example/v2' },
    changed: { retries: 4, url: 'https://b.example/v2' },
  },
  { rule: 'null headers: none', changes: { headers: null }, changed: { headers: {} } },
  {
    rule: 'headers replace the set: *** keeps the stored value (any case of its name), a new value is sealed',
    changes: { headers: { 'x-tenant': '***', 'X-New': 'v' } },
    changed: { headers: { 'x-tenant': 'sealed:shop', 'X-New': 'sealed:v' } },
  },
  {
    rule: 'a header left out is dropped',
    changes: { headers: { 'X-New': 'v' } },
    changed: { headers: { 'X-New': 'sealed:v' } },
  },
  {
    rule: 'a null template: the default',
    changes: { inputTemplate: null },
    changed: { inputTemplate: DEFAULT_INPUT_TEMPLATE },
  },
  {
    rule: 'a null mapping: the default',
    changes: { outputMapping: null },
    changed: { outputMapping: DEFAULT_OUTPUT_MAPPING },
  },
  {
    rule: 'null delivery settings: their defaults',
    changes: { timeoutMs: null, retries: null, maxConcurrency: null },
    changed: {
      timeoutMs: CONNECTION_LIMITS.timeoutMs.default,
      retries: CONNECTION_LIMITS.retries.default,
      maxConcurrency: CONNECTION_LIMITS.maxConcurrency.default,
    },
  },
  { rule: 'a null rate limit: no limit', changes: { rateLimitPerMinute: null }, changed: { rateLimitPerMinute: null } },
  { rule: 'null end rules: none', changes: { conversationEndRules: null }, changed: { conversationEndRules: [] } },
  {
    rule: 'a new token replaces the sealed one',
    changes: { token: 'new-token' },
    changed: { sealedSecret: 'sealed:{"kind":"BEARER","token":"new-token"}' },
  },
  {
    rule: 'another auth type with its whole secret replaces it',
    changes: { authType: 'BASIC', username: 'ana', password: 'pw' },
    changed: { authType: 'BASIC', sealedSecret: 'sealed:{"kind":"BASIC","username":"ana","password":"pw"}' },
  },
  {
    rule: 'to API_KEY: the default key header unless one is sent',
    changes: { authType: 'API_KEY', apiKey: 'k' },
    changed: { authType: 'API_KEY', apiKeyHeader: 'X-API-Key', sealedSecret: 'sealed:{"kind":"API_KEY","apiKey":"k"}' },
  },
  {
    rule: 'to NONE: the secret is dropped',
    changes: { authType: 'NONE' },
    changed: { authType: 'NONE', sealedSecret: null },
  },
];

for (const { rule, changes, changed } of patches) {
  test(`a PATCH: ${rule}`, (t) => {
    const before = bearer();
    t.deepEqual(change(changes, before), { ...before, sealedSecret: OLD_SECRET, ...changed, updatedAt: LATER });
  });
}

test('a PATCH of an API_KEY connection’s header keeps its key; a null header is the default again', (t) => {
  const apiKey = create({ ...minimal, authType: 'API_KEY', apiKey: 'k', apiKeyHeader: 'X-Key' });
  t.like(change({ apiKeyHeader: 'X-Other' }, apiKey), { apiKeyHeader: 'X-Other', sealedSecret: apiKey.sealedSecret });
  t.like(change({ apiKeyHeader: null }, apiKey), { apiKeyHeader: 'X-Key', sealedSecret: apiKey.sealedSecret });
});

/** What a PATCH may not do: the fields the issues name, each problem named once. */
const refusedPatches: { rule: string; changes: Record<string, unknown>; issues: string[] }[] = [
  { rule: 'a blank name', changes: { name: ' ' }, issues: ['name'] },
  { rule: 'a null name', changes: { name: null }, issues: ['name'] },
  { rule: 'a null URL', changes: { url: null }, issues: ['url'] },
  { rule: 'a URL that is no URL', changes: { url: 'bot' }, issues: ['url'] },
  {
    rule: 'another auth type without its secret',
    changes: { authType: 'BASIC', username: 'ana' },
    issues: ['password'],
  },
  { rule: 'half a BASIC secret is no secret', changes: { authType: 'BASIC', password: 'pw' }, issues: ['username'] },
  { rule: 'a secret field of another auth type', changes: { apiKey: 'k' }, issues: ['token', 'apiKey'] },
  {
    rule: 'a key header on a BEARER connection',
    changes: { apiKeyHeader: 'X-Key' },
    issues: ['token', 'apiKeyHeader'],
  },
  {
    rule: 'a header of *** where no value is stored under its name',
    changes: { headers: { 'X-Tenant': '***', 'X-Other': '***' } },
    issues: ['headers.X-Other'],
  },
  { rule: 'a token HTTP cannot carry', changes: { token: 'tökén€' }, issues: ['token'] },
  {
    rule: 'a bad template and a bad retry count together',
    changes: { inputTemplate: '{}', retries: 99 },
    issues: ['inputTemplate', 'retries'],
  },
];

for (const { rule, changes, issues } of refusedPatches) {
  test(`a PATCH is refused: ${rule}`, (t) => {
    t.deepEqual(
      issuePaths(() => change(changes)),
      issues,
    );
  });
}
