import test from 'ava';
import { ApiClient } from '../support/api-client.ts';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';

/** Issue 22.11 (c): expired sign-in session keys are purged, and never make `hasApiKey` true. */
const databases = await httpDatabases();
const PASSWORD = 'correct horse battery';

for (const database of databases) {
  const world = useWorld(test, database);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('an expired session key is no key: hasApiKey false, and the next sign-in purges it'), async (t) => {
    const tenant = await createTenant(world());
    const email = `signs-in.${database}@session.example`;
    const user = (
      await world().admin.post('/users', { organizationId: tenant.organizationId, email, name: 'Sam', role: 'MEMBER' })
    ).body;
    t.is((await world().admin.put(`/users/${user.id}/password`, { password: PASSWORD })).status, 204);
    const hasApiKey = async () => (await tenant.owner.get(`/users/${user.id}`)).body.hasApiKey;
    t.false(await hasApiKey(), 'no key yet');

    const signIn = () => new ApiClient(world().url).post('/auth/signIn', { email, password: PASSWORD });
    const session = await signIn();
    t.is(session.status, 200);
    t.true(await hasApiKey(), 'a live session key counts');

    // The session's lifetime passes: its key expires.
    const keys = world().platform.ports.apiKeys;
    const [key] = await keys.list(tenant.organizationId, { where: [{ field: 'userId', op: 'eq', value: user.id }] });
    await keys.update({ ...key, expiresAt: new Date(Date.now() - 60_000).toISOString() });
    t.is((await world().admin.as(session.body.key).get('/auth/user')).status, 401, 'the expired key opens nothing');
    t.false(await hasApiKey(), 'and does not count');
    const listed = await tenant.owner.get('/users', { ids: user.id });
    t.false(listed.body[0].hasApiKey, 'lists read it the same way');

    const next = await signIn();
    t.is(next.status, 200);
    t.true(await hasApiKey());
    const purged = await keys.get(tenant.organizationId, key.id, { includeDeleted: true });
    t.truthy(purged?.deletedAt, 'the expired key is purged at the next sign-in');
    const remaining = await tenant.owner.get('/apiKeys', { userIds: user.id });
    t.deepEqual(
      remaining.body.map((item: { id: string }) => item.id),
      (await keys.list(tenant.organizationId, { where: [{ field: 'userId', op: 'eq', value: user.id }] })).map(
        (item) => item.id,
      ),
    );
    t.is(remaining.body.length, 1, 'only the live session key is left');
  });
}
