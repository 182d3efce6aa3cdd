import test from 'ava';
import { migrate } from '../../adapters/sequelize/migrator.ts';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { ExpiredRateSweep } from '../../adapters/rate-limit/expired-rate-sweep.ts';
import { FlexibleRateLimiter } from '../../adapters/rate-limit/flexible-rate-limiter.ts';
import { createTestDatabase, postgresAvailable } from '../support/databases.ts';

const pg = (await postgresAvailable()) ? test : test.skip;

pg('the sweep deletes rate windows that expired an hour ago or more, and leaves the others', async (t) => {
  const store = await createTestDatabase('postgres');
  const database = openDatabase(store.url);
  t.teardown(async () => {
    await database.sequelize.close();
    await store.drop();
  });
  await migrate(database);
  const limiter = new FlexibleRateLimiter(
    { kind: 'postgres', sequelize: database.sequelize },
    { name: 'key', points: 5, durationSeconds: 60 },
  );
  await limiter.consume('live');
  const hoursAgo = (hours: number) => Date.now() - hours * 3_600_000;
  for (const [key, expire] of [
    ['assay:key:long-gone', hoursAgo(2)],
    ['assay:key:just-ended', hoursAgo(0.5)],
  ] as const)
    await database.sequelize.query('INSERT INTO rate_limits (key, points, expire) VALUES ($1, 1, $2)', {
      bind: [key, expire],
    });

  await new ExpiredRateSweep(database.sequelize).sweep();
  const rows = await database.sequelize.query('SELECT key FROM rate_limits ORDER BY key', { type: 'SELECT' });
  t.deepEqual(
    rows.map((row) => (row as { key: string }).key),
    ['assay:key:just-ended', 'assay:key:live'],
  );
});
