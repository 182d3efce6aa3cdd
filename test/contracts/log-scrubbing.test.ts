import test from 'ava';
import { QueryTypes } from 'sequelize';
import { createPinoLogger } from '../../adapters/system/pino-logger.ts';
import { sqlWithoutValues } from '../../adapters/system/log-scrubbing.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';

const dialects: ('sqlite' | 'postgres')[] = (await postgresAvailable()) ? ['sqlite', 'postgres'] : ['sqlite'];

/** Logs never carry tenant data or secrets: failing SQL is logged without its values, secret fields are redacted. */
function capture() {
  const lines: string[] = [];
  const logger = createPinoLogger('info', { write: (line: string) => lines.push(line) });
  return { logger, text: () => lines.join('') };
}

test('secret fields are redacted wherever they sit: authorization headers, keys, passwords, hashes, tokens', (t) => {
  const { logger, text } = capture();
  logger.error(
    {
      headers: { authorization: 'Bearer assay_header_secret', cookie: 'session=cookie_secret' },
      req: { headers: { authorization: 'Bearer assay_req_secret', 'x-api-key': 'xapikey_secret' } },
      apiKey: 'assay_apikey_secret',
      key: 'assay_key_secret',
      user: { passwordHash: 'hash_secret_1', password: 'password_secret', secretHash: 'hash_secret_2' },
      token: 'token_secret',
      secret: 'plain_secret',
      requestId: 'request_visible',
    },
    'something failed',
  );
  const logged = text();
  for (const secret of [
    'assay_header_secret',
    'cookie_secret',
    'assay_req_secret',
    'xapikey_secret',
    'assay_apikey_secret',
    'assay_key_secret',
    'hash_secret_1',
    'password_secret',
    'hash_secret_2',
    'token_secret',
    'plain_secret',
  ])
    t.false(logged.includes(secret), secret);
  t.true(logged.includes('request_visible'));
  t.true(logged.includes('[redacted]'));
});

test('a statement loses its literal values, keeping placeholders and names', (t) => {
  t.is(
    sqlWithoutValues(
      `SELECT "id" FROM "users" AS "u" WHERE "u"."email" = 'o''brien@x.example' AND "u"."n" = 42 AND v = $1 AND t2.a = -3.5`,
    ),
    `SELECT "id" FROM "users" AS "u" WHERE "u"."email" = ? AND "u"."n" = ? AND v = $1 AND t2.a = ?`,
  );
});

for (const dialect of dialects) {
  test(`[${dialect}] a failing statement is logged without the tenant data it carried`, async (t) => {
    const store = await createTestDatabase(dialect);
    const database = openDatabase(store.url);
    try {
      await database.sequelize.query('CREATE TABLE notes (id TEXT PRIMARY KEY, body TEXT NOT NULL UNIQUE)');
      const insert = (id: string) =>
        database.sequelize.query('INSERT INTO notes (id, body) VALUES ($1, $2)', {
          bind: [id, 'tenant-bound-secret'],
          type: QueryTypes.INSERT,
        });
      await insert('note_1');
      const failures = [
        await insert('note_2').catch((error: unknown) => error),
        await database.sequelize
          .query(`SELECT * FROM missing_table WHERE body = 'tenant-inline-secret'`)
          .catch((error: unknown) => error),
      ];
      const { logger, text } = capture();
      for (const failure of failures) {
        t.true(failure instanceof Error);
        logger.error({ err: failure }, 'request failed');
      }
      const logged = text();
      t.false(logged.includes('tenant-bound-secret'), logged);
      t.false(logged.includes('tenant-inline-secret'), logged);
      t.true(logged.includes('INSERT INTO notes (id, body) VALUES ($1, $2)'), 'the statement itself is kept');
      t.true(logged.includes('FROM missing_table WHERE body = ?'));
    } finally {
      await database.sequelize.close();
      await store.drop();
    }
  });
}
