import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';

/**
 * An e-mail is unique across organizations; creating or changing a user to a taken one is a 409 whose message is the
 * same whoever holds the e-mail, and names neither the e-mail nor its organization.
 */
const GENERIC = { error: 'conflict', message: 'A user with this e-mail address already exists' };

for (const database of ['memory' as const, ...(await httpDatabases())]) {
  const world = useWorld(test, database);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('POST /users with an e-mail taken here or in another organization: the same generic 409'), async (t) => {
    const [here, there] = [await createTenant(world()), await createTenant(world())];
    const theirs = (await world().admin.get(`/users/${there.memberId}`)).body.email as string;
    const ours = (await world().admin.get(`/users/${here.memberId}`)).body.email as string;
    for (const email of [theirs, ours, ours.toUpperCase()]) {
      const byOwner = await here.owner.post('/users', { email, name: 'Copy', role: 'MEMBER' });
      t.is(byOwner.status, 409, email);
      t.deepEqual({ error: byOwner.body.error, message: byOwner.body.message }, GENERIC);
      const byAdmin = await world().admin.post('/users', {
        organizationId: here.organizationId,
        email,
        name: 'Copy',
        role: 'MEMBER',
      });
      t.is(byAdmin.status, 409);
      t.deepEqual({ error: byAdmin.body.error, message: byAdmin.body.message }, GENERIC);
    }
  });

  test(
    title('PATCH /users/{id} to an e-mail taken here or in another organization: the same generic 409'),
    async (t) => {
      const [here, there] = [await createTenant(world()), await createTenant(world())];
      const theirs = (await world().admin.get(`/users/${there.ownerId}`)).body.email as string;
      const ours = (await world().admin.get(`/users/${here.ownerId}`)).body.email as string;
      for (const email of [theirs, ours]) {
        const byOwner = await here.owner.patch(`/users/${here.memberId}`, { email });
        t.is(byOwner.status, 409, email);
        t.deepEqual({ error: byOwner.body.error, message: byOwner.body.message }, GENERIC);
        const byAdmin = await world().admin.patch(`/users/${here.memberId}`, { email });
        t.is(byAdmin.status, 409);
        t.deepEqual({ error: byAdmin.body.error, message: byAdmin.body.message }, GENERIC);
      }
      const unchanged = await world().admin.get(`/users/${here.memberId}`);
      t.not(unchanged.body.email, theirs);
      // Its own e-mail again is no change, not a clash.
      const own = await here.owner.patch(`/users/${here.memberId}`, { email: unchanged.body.email });
      t.is(own.status, 200);
    },
  );
}
