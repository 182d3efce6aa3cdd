import test from 'ava';
import type { AuthSecret } from '../../../domain/endpoint-connection/auth.ts';
import { ANSWER_MAX_DEPTH, ANSWER_MAX_NODES } from '../../../domain/endpoint-connection/answer-json.ts';
import {
  authHeaders,
  RETRIEVAL_CONTEXT_LIMIT,
  type MappedAnswer,
  mapAnswer,
  maskedHeaders,
  turnInput,
  urlWithQuery,
} from '../../../domain/endpoint-connection/product-turn.ts';
import type { OutputMapping } from '../../../domain/endpoint-connection/request-shape.ts';

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

/** A JSONPath reader for the tests: `$` then dotted member names. */
const select = (document: unknown, path: string): unknown[] => {
  let value = document;
  for (const name of path
    .replace(/^\$\.?/, '')
    .split('.')
    .filter(Boolean)) {
    if (typeof value !== 'object' || value === null || !(name in value)) return [];
    value = (value as Record<string, unknown>)[name];
  }
  return [value];
};

const answered = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body), error: null });
const none = { retrievalContext: null, sessionId: null, inputTokens: null, outputTokens: null };
const failed = (error: string): MappedAnswer => ({ output: null, ...none, error });
const full: OutputMapping = {
  output: '$.answer',
  retrievalContext: '$.docs',
  sessionId: '$.conversation',
  inputTokens: '$.usage.in',
  outputTokens: '$.usage.out',
};

/** How an answer reads through the mapping, and what makes a call failed. */
const readings: {
  rule: string;
  answer: Parameters<typeof mapAnswer>[0];
  mapping?: OutputMapping;
  mapped: MappedAnswer;
}[] = [
  { rule: 'the output alone', answer: answered({ output: 'Hi' }), mapped: { output: 'Hi', ...none, error: null } },
  {
    rule: 'every mapped field',
    answer: answered({ answer: 'Hi', docs: ['a', 'b'], conversation: 'c-1', usage: { in: 12, out: 3 } }),
    mapping: full,
    mapped: {
      output: 'Hi',
      retrievalContext: ['a', 'b'],
      sessionId: 'c-1',
      inputTokens: 12,
      outputTokens: 3,
      error: null,
    },
  },
  {
    rule: 'values that are not text are read as JSON',
    answer: answered({ answer: { text: 'Hi' }, docs: [{ page: 1 }, 2], conversation: 42, usage: {} }),
    mapping: full,
    mapped: {
      output: '{"text":"Hi"}',
      retrievalContext: ['{"page":1}', '2'],
      sessionId: '42',
      inputTokens: null,
      outputTokens: null,
      error: null,
    },
  },
  {
    rule: 'one retrieved text is a list of one',
    answer: answered({ answer: 'Hi', docs: 'only' }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: { output: 'Hi', ...none, retrievalContext: ['only'], error: null },
  },
  {
    rule: 'a mapped context that matches nothing is an empty list',
    answer: answered({ answer: 'Hi' }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: { output: 'Hi', ...none, retrievalContext: [], error: null },
  },
  {
    rule: 'token counts that are not whole non-negative numbers are unknown',
    answer: answered({ answer: 'Hi', usage: { in: -1, out: 2.5 } }),
    mapping: full,
    mapped: { output: 'Hi', retrievalContext: [], sessionId: null, inputTokens: null, outputTokens: null, error: null },
  },
  {
    rule: 'an empty output is an answer',
    answer: answered({ output: '' }),
    mapped: { output: '', ...none, error: null },
  },
  {
    rule: 'a transport failure',
    answer: { status: null, body: '', error: 'connect ECONNREFUSED' },
    mapped: failed('connect ECONNREFUSED'),
  },
  { rule: 'no status and no reason', answer: { status: null, body: '', error: null }, mapped: failed('no answer') },
  {
    rule: 'a server error, even with an output',
    answer: answered({ output: 'Hi' }, 503),
    mapped: failed('the endpoint answered HTTP 503'),
  },
  { rule: 'a redirect', answer: answered({ output: 'Hi' }, 302), mapped: failed('the endpoint answered HTTP 302') },
  {
    rule: 'a body that is not JSON',
    answer: { status: 200, body: '<html>', error: null },
    mapped: failed('the answer is not JSON'),
  },
  {
    rule: 'an output path that matches nothing',
    answer: answered({ text: 'Hi' }),
    mapped: failed('outputMapping.output ($.output) matched nothing'),
  },
  {
    rule: 'an output that is null',
    answer: answered({ output: null }),
    mapped: failed('outputMapping.output ($.output) matched nothing'),
  },
  {
    rule: 'an answer nested deeper than the limit, refused before it is parsed',
    answer: {
      status: 200,
      body: `${'['.repeat(ANSWER_MAX_DEPTH + 1)}${']'.repeat(ANSWER_MAX_DEPTH + 1)}`,
      error: null,
    },
    mapped: failed(`the answer nests deeper than ${ANSWER_MAX_DEPTH} levels`),
  },
  {
    rule: 'an answer holding more values than the limit',
    answer: answered({ output: 'Hi', list: Array.from({ length: ANSWER_MAX_NODES }, () => 0) }),
    mapped: failed(`the answer holds more than ${ANSWER_MAX_NODES} JSON values`),
  },
  {
    rule: 'a retrieval context longer than its limit (selected texts repeat what they nest)',
    answer: answered({
      answer: 'Hi',
      docs: ['a', 'b', 'c'].map((letter) => letter.repeat(RETRIEVAL_CONTEXT_LIMIT / 2)),
    }),
    mapping: { output: '$.answer', retrievalContext: '$.docs' },
    mapped: failed(`outputMapping.retrievalContext selects more than ${RETRIEVAL_CONTEXT_LIMIT} characters`),
  },
];

for (const { rule, answer, mapping, mapped } of readings) {
  test(`mapped answer: ${rule}`, (t) => {
    t.deepEqual(mapAnswer(answer, mapping ?? { output: '$.output' }, select), mapped);
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

test('mapped answer: a path over its evaluation budget fails the call with the reason', (t) => {
  const costly = (_document: unknown, path: string): unknown[] => {
    if (path === '$.docs') throw new Error('the path needs more than 100000 steps on this answer');
    return ['Hi'];
  };
  t.deepEqual(
    mapAnswer(answered({ answer: 'Hi' }), { output: '$.answer', retrievalContext: '$.docs' }, costly),
    failed('the output mapping could not be read: the path needs more than 100000 steps on this answer'),
  );
});
