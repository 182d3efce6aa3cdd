import test from 'ava';
import { type AuthSecret, type AuthType, checkAuth } from '../../../domain/endpoint-connection/auth.ts';
import { IssueCollector } from '../../../domain/errors.ts';

type Fields = Parameters<typeof checkAuth>[2];

/**
 * The secret each auth type takes from a request's secret fields, and the fields it refuses; an incomplete secret is
 * null (the issues say why), a complete one is answered even beside another field's problem.
 */
const cases: { rule: string; authType: AuthType; fields: Fields; secret: AuthSecret | null; issues: string[] }[] = [
  { rule: 'NONE needs no secret', authType: 'NONE', fields: {}, secret: null, issues: [] },
  {
    rule: 'NONE refuses a token sent with it',
    authType: 'NONE',
    fields: { token: 't' },
    secret: null,
    issues: ['token'],
  },
  {
    rule: 'a field of another type sent as null is no field at all',
    authType: 'NONE',
    fields: { token: null, apiKey: null, username: null, password: null, apiKeyHeader: null },
    secret: null,
    issues: [],
  },
  {
    rule: 'BEARER takes its token',
    authType: 'BEARER',
    fields: { token: 'tok' },
    secret: { kind: 'BEARER', token: 'tok' },
    issues: [],
  },
  { rule: 'BEARER without a token', authType: 'BEARER', fields: {}, secret: null, issues: ['token'] },
  { rule: 'BEARER with an empty token', authType: 'BEARER', fields: { token: '' }, secret: null, issues: ['token'] },
  {
    rule: 'BEARER with a token over two lines (a header cannot carry it)',
    authType: 'BEARER',
    fields: { token: 'a\nb' },
    secret: null,
    issues: ['token'],
  },
  {
    rule: 'BEARER with a NUL in its token',
    authType: 'BEARER',
    fields: { token: 'a\0b' },
    secret: null,
    issues: ['token'],
  },
  {
    rule: 'BEARER with a token of 8192 characters, the most',
    authType: 'BEARER',
    fields: { token: 'x'.repeat(8192) },
    secret: { kind: 'BEARER', token: 'x'.repeat(8192) },
    issues: [],
  },
  {
    rule: 'BEARER with a token of 8193 characters',
    authType: 'BEARER',
    fields: { token: 'x'.repeat(8193) },
    secret: null,
    issues: ['token'],
  },
  {
    rule: 'BEARER refuses an API key header',
    authType: 'BEARER',
    fields: { token: 'tok', apiKeyHeader: 'X-Key' },
    secret: { kind: 'BEARER', token: 'tok' },
    issues: ['apiKeyHeader'],
  },
  {
    rule: 'API_KEY takes its key; the header is the connection’s, not the secret’s',
    authType: 'API_KEY',
    fields: { apiKey: 'k', apiKeyHeader: 'X-Key' },
    secret: { kind: 'API_KEY', apiKey: 'k' },
    issues: [],
  },
  {
    rule: 'API_KEY refuses a header name with a space',
    authType: 'API_KEY',
    fields: { apiKey: 'k', apiKeyHeader: 'X Key' },
    secret: { kind: 'API_KEY', apiKey: 'k' },
    issues: ['apiKeyHeader'],
  },
  {
    rule: 'API_KEY refuses a header name over 255 characters',
    authType: 'API_KEY',
    fields: { apiKey: 'k', apiKeyHeader: 'X'.repeat(256) },
    secret: { kind: 'API_KEY', apiKey: 'k' },
    issues: ['apiKeyHeader'],
  },
  {
    rule: 'API_KEY refuses a token besides its key',
    authType: 'API_KEY',
    fields: { apiKey: 'k', token: 't' },
    secret: { kind: 'API_KEY', apiKey: 'k' },
    issues: ['token'],
  },
  {
    rule: 'BASIC takes a user name and a password',
    authType: 'BASIC',
    fields: { username: 'ana', password: 'pw' },
    secret: { kind: 'BASIC', username: 'ana', password: 'pw' },
    issues: [],
  },
  {
    rule: 'BASIC needs both: a user name alone is incomplete',
    authType: 'BASIC',
    fields: { username: 'ana' },
    secret: null,
    issues: ['password'],
  },
  {
    rule: 'BASIC with neither names both',
    authType: 'BASIC',
    fields: {},
    secret: null,
    issues: ['username', 'password'],
  },
  {
    rule: 'every problem is named at once',
    authType: 'BASIC',
    fields: { token: 't', apiKey: 'k', username: 'a\r', apiKeyHeader: 'X-Key' },
    secret: null,
    issues: ['token', 'apiKey', 'username', 'password', 'apiKeyHeader'],
  },
];

for (const { rule, authType, fields, secret, issues } of cases) {
  test(`auth: ${rule}`, (t) => {
    const collector = new IssueCollector();
    const found = checkAuth(collector, authType, fields);
    t.deepEqual(
      collector.issues.map((issue) => issue.path),
      issues,
    );
    t.deepEqual(found, secret);
  });
}

test('auth: a problem with a secret never repeats the secret in its message', (t) => {
  const collector = new IssueCollector();
  checkAuth(collector, 'BEARER', { token: `hunter2\n${'x'.repeat(9000)}` });
  t.false(collector.issues.some((issue) => issue.message.includes('hunter2')));
});
