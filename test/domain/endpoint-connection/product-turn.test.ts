// One product turn's request and input: the auth header, masked headers when shown, GET queries, the turn input.
import test from 'ava';
import type { AuthSecret } from '../../../domain/endpoint-connection/auth.ts';
import {
  authHeaders,
  maskedHeaders,
  turnInput,
  urlWithQuery,
} from '../../../domain/endpoint-connection/product-turn.ts';

/** The header each secret travels in. */
const headersBySecret: { rule: string; secret: AuthSecret | null; apiKeyHeader?: string | null; headers: object }[] = [
  { rule: 'no secret, no header', secret: null, headers: {} },
  { rule: 'a bearer token', secret: { kind: 'BEARER', token: 'tok' }, headers: { authorization: 'Bearer tok' } },
  {
    rule: "an API key in the connection's header",
    secret: { kind: 'API_KEY', apiKey: 'k' },
    apiKeyHeader: 'X-Key',
    headers: { 'X-Key': 'k' },
  },
  {
    rule: 'an API key in the default header when none is named',
    secret: { kind: 'API_KEY', apiKey: 'k' },
    apiKeyHeader: null,
    headers: { 'X-API-Key': 'k' },
  },
  {
    rule: 'a user name and password, base64 of their UTF-8',
    secret: { kind: 'BASIC', username: 'José', password: 'pä:ss' },
    headers: { authorization: `Basic ${Buffer.from('José:pä:ss', 'utf8').toString('base64')}` },
  },
];

for (const { rule, secret, apiKeyHeader, headers } of headersBySecret) {
  test(`auth header: ${rule}`, (t) => {
    t.deepEqual(authHeaders({ apiKeyHeader: apiKeyHeader ?? null }, secret), headers);
  });
}

const sent = { 'content-type': 'application/json', Authorization: 'Bearer tok', 'X-Key': 'k', 'X-Tenant': 'shop' };

/** Which header a shown request masks: the one carrying the secret, and every custom header, whatever their case. */
const masks: { rule: string; connection: Parameters<typeof maskedHeaders>[1]; masked: string[] }[] = [
  { rule: 'no auth: nothing masked', connection: { authType: 'NONE', apiKeyHeader: null, headers: {} }, masked: [] },
  {
    rule: 'no auth: the custom headers, any case',
    connection: { authType: 'NONE', apiKeyHeader: null, headers: { 'x-tenant': 'sealed' } },
    masked: ['X-Tenant'],
  },
  {
    rule: 'BEARER: the authorization header, any case',
    connection: { authType: 'BEARER', apiKeyHeader: null, headers: {} },
    masked: ['Authorization'],
  },
  {
    rule: 'BASIC: the authorization header',
    connection: { authType: 'BASIC', apiKeyHeader: null, headers: {} },
    masked: ['Authorization'],
  },
  {
    rule: "API_KEY: the key's own header, any case, and not authorization",
    connection: { authType: 'API_KEY', apiKeyHeader: 'x-key', headers: {} },
    masked: ['X-Key'],
  },
];

for (const { rule, connection, masked } of masks) {
  test(`masked headers: ${rule}`, (t) => {
    const shown = maskedHeaders(sent, connection);
    t.deepEqual(
      shown,
      Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, masked.includes(name) ? '***' : value])),
    );
    t.is(sent.Authorization, 'Bearer tok', 'the headers sent are left as they are');
  });
}

/** Where a GET sends the rendered body: its top-level fields as query parameters. */
const queries: { rule: string; url: string; body: string; expected: string }[] = [
  {
    rule: 'text fields as they are, others as JSON',
    url: 'https://bot.example/ask',
    body: '{"q": "a b&c", "n": 2, "o": {"x": true}}',
    expected: 'https://bot.example/ask?q=a+b%26c&n=2&o=%7B%22x%22%3Atrue%7D',
  },
  {
    rule: "the URL's own parameters stay; a field of the same name replaces one",
    url: 'https://bot.example/ask?lang=en&q=old',
    body: '{"q": "new"}',
    expected: 'https://bot.example/ask?lang=en&q=new',
  },
  {
    rule: 'a body that is not JSON adds nothing',
    url: 'https://bot.example/ask',
    body: 'q=1',
    expected: 'https://bot.example/ask',
  },
  {
    rule: 'a JSON list adds nothing',
    url: 'https://bot.example/ask',
    body: '[1, 2]',
    expected: 'https://bot.example/ask',
  },
  {
    rule: 'a JSON text adds nothing',
    url: 'https://bot.example/ask',
    body: '"q"',
    expected: 'https://bot.example/ask',
  },
];

for (const { rule, url, body, expected } of queries) {
  test(`GET query: ${rule}`, (t) => {
    t.is(urlWithQuery(url, body), expected);
  });
}

/** The turn input a test case's input makes, or null when it has no user message. */
const inputs: { rule: string; input: unknown; expected: ReturnType<typeof turnInput> }[] = [
  { rule: 'a plain string is the message', input: 'Hi', expected: { user_message: 'Hi' } },
  { rule: 'a user_message', input: { user_message: 'Hi' }, expected: { user_message: 'Hi' } },
  {
    rule: 'other fields travel with the message',
    input: { user_message: 'Hi', locale: 'fr' },
    expected: { user_message: 'Hi', locale: 'fr' },
  },
  { rule: 'an object without a message', input: { text: 'Hi' }, expected: null },
  { rule: 'a message that is not text', input: { user_message: 3 }, expected: null },
  { rule: 'a list', input: ['Hi'], expected: null },
  { rule: 'null', input: null, expected: null },
  { rule: 'a number', input: 7, expected: null },
];

for (const { rule, input, expected } of inputs) {
  test(`turn input: ${rule}`, (t) => {
    t.deepEqual(turnInput(input), expected);
  });
}
