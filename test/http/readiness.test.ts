import test from 'ava';
import { QueryTypes } from 'sequelize';
import { openDatabase } from '../../adapters/sequelize/support/database.ts';
import { httpDatabases, startWorld } from '../support/http-world.ts';

for (const database of await httpDatabases()) {
  test(`[${database}] /ready answers 200 on a migrated database and 503 naming a migration that is not applied`, async (t) => {
    const world = await startWorld(database);
    try {
      const ready = await world.admin.as(undefined).get('/ready');
      t.is(ready.status, 200);
      t.deepEqual(ready.body, { status: 'ready' });
      const handle = openDatabase(world.platform.config.DATABASE_URL);
      await handle.sequelize.query("DELETE FROM assay_migrations WHERE name = '0004-evaluations'", {
        type: QueryTypes.DELETE,
      });
      await handle.sequelize.close();
      const behind = await world.admin.as(undefined).get('/ready');
      t.is(behind.status, 503);
      t.is(behind.body.error, 'unavailable');
      t.regex(behind.body.message, /migrations not applied: 0004-evaluations/);
      t.truthy(behind.headers.get('retry-after'));
      t.is((await world.admin.as(undefined).get('/health')).status, 200, 'liveness is not readiness');
    } finally {
      await world.close();
    }
  });
}

test('[memory] /ready answers 200: nothing to reach', async (t) => {
  const world = await startWorld('memory');
  try {
    t.deepEqual((await world.admin.as(undefined).get('/ready')).body, { status: 'ready' });
  } finally {
    await world.close();
  }
});
