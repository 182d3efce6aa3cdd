import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';

/** Account safety: enforced MFA cannot be turned off by the user it protects; a key shown once is never cached. */
for (const database of ['memory' as const, ...(await httpDatabases())]) {
  const world = useWorld(test, database);
  const title = (text: string) => `[${database}] ${text}`;

  test(title('while the organization enforces MFA, a user may not clear its own mfaSource (403)'), async (t) => {
    const tenant = await createTenant(world());
    t.is((await tenant.member.patch(`/users/${tenant.memberId}`, { mfaSource: 'EMAIL' })).status, 200);
    t.is((await tenant.owner.patch(`/users/${tenant.ownerId}`, { mfaSource: 'EMAIL' })).status, 200);
    t.is((await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true })).status, 200);

    const cleared = await tenant.member.patch(`/users/${tenant.memberId}`, { mfaSource: null });
    t.is(cleared.status, 403);
    t.deepEqual(cleared.body, {
      error: 'forbidden',
      message: 'Your organization enforces multi-factor authentication: mfaSource cannot be cleared',
    });
    t.is((await tenant.owner.patch(`/users/${tenant.ownerId}`, { mfaSource: null })).status, 403);
    t.is((await world().admin.get(`/users/${tenant.memberId}`)).body.mfaSource, 'EMAIL');
    // Other changes of its own profile still pass, and so does re-stating the source.
    t.is((await tenant.member.patch(`/users/${tenant.memberId}`, { name: 'Renamed', mfaSource: 'EMAIL' })).status, 200);

    // A manager may reset another user's source (the user sets it again); without enforcement anyone may clear theirs.
    t.is((await tenant.owner.patch(`/users/${tenant.memberId}`, { mfaSource: null })).status, 200);
    t.is((await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: false })).status, 200);
    t.is((await tenant.owner.patch(`/users/${tenant.ownerId}`, { mfaSource: null })).status, 200);
  });

  test(title('POST /apiKeys, which carries the plain key once, is sent with Cache-Control: no-store'), async (t) => {
    const tenant = await createTenant(world());
    const issued = await tenant.member.post('/apiKeys', { name: 'laptop' });
    t.is(issued.status, 201);
    t.is(typeof issued.body.key, 'string');
    t.is(issued.headers.get('cache-control'), 'no-store');
    const listed = await tenant.member.get('/apiKeys');
    t.is(listed.status, 200);
    t.false(JSON.stringify(listed.body).includes(issued.body.key));
  });
}
