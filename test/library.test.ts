import test from 'ava';
import { createPlatform } from '../bootstrap/library.ts';
import { ApiClient } from './support/api-client.ts';
import { createTestDatabase } from './support/databases.ts';

test('the README embedding example: use cases in memory, the same API over HTTP', async (t) => {
  const platform = await createPlatform();
  const admin = await platform.useCases.ensurePlatformAdmin.execute();
  const actor = await platform.useCases.authenticate.execute(admin!.key);
  const org = await platform.useCases.createOrganization.execute(actor, { name: 'Acme' });
  t.false('version' in org, 'the library answers the public shape, as HTTP does');
  const product = await platform.useCases.createProduct.execute(actor, { name: 'Bot' });
  t.deepEqual(
    Object.keys(product).sort(),
    Object.keys((await new ApiClient(await platform.listen(0), admin!.key).get(`/products/${product.id}`)).body).sort(),
  );
  const listed = await platform.useCases.listOrganizations.execute(actor, {});
  t.deepEqual(listed.map((row) => row.name).sort(), ['Acme', 'Platform']);
  const url = await platform.listen(0);
  const read = await new ApiClient(url, admin!.key).get(`/organizations/${org.id}`);
  t.is(read.status, 200);
  t.is(read.body.name, 'Acme');
  t.is(read.body.version, undefined, 'internal fields stay inside');
  await platform.close();
});

test('an embedded platform on a SQLite file keeps its data for the next one', async (t) => {
  const database = await createTestDatabase('sqlite');
  const first = await createPlatform({ database: database.url });
  const admin = await first.useCases.ensurePlatformAdmin.execute();
  await first.close();
  const second = await createPlatform({ database: database.url });
  t.is(await second.useCases.ensurePlatformAdmin.execute(), null);
  t.is((await second.useCases.authenticate.execute(admin!.key)).role, 'ADMIN');
  await second.close();
  await database.drop();
});
