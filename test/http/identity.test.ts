import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import type { UserView } from '../../domain/identity/user.ts';
import { fieldNames } from '../support/field-names.ts';

for (const { database, world, title } of await databaseWorlds(test)) {
  test(title('the first admin key authenticates, in both spellings, and shows the spec User'), async (t) => {
    const { admin, adminKey } = world();
    const me = await admin.get('/auth/user');
    t.is(me.status, 200);
    t.is(me.body.role, 'ADMIN');
    t.true(me.body.hasApiKey);
    t.is(me.body.mfaSource, null);
    t.is(me.body.analyticsConsent, null);
    t.false(me.body.hasPassword);
    t.deepEqual(
      Object.keys(me.body).sort(),
      fieldNames<UserView>()([
        'analyticsConsent',
        'createdAt',
        'deletedAt',
        'email',
        'firstSignInAt',
        'hasApiKey',
        'hasPassword',
        'hasProviderAId',
        'hasProviderBId',
        'hasProviderCId',
        'hasSamlId',
        'id',
        'latestSignInAt',
        'marketingConsent',
        'mfaSource',
        'name',
        'organizationId',
        'role',
      ]),
    );
    const legacy = await admin.as(adminKey.replace('assay_', 'assay-')).get('/auth/user');
    t.is(legacy.status, 200);
    t.is(legacy.body.id, me.body.id);
  });

  test(title('missing, malformed and unknown credentials answer 401 with an error body'), async (t) => {
    const { admin } = world();
    for (const key of [undefined, 'nonsense', `assay_${'x'.repeat(40)}`]) {
      const response = await admin.as(key).get('/auth/user');
      t.is(response.status, 401);
      t.is(response.body.error, 'unauthorized');
      t.is(typeof response.body.message, 'string');
    }
    const basic = await admin.request('GET', '/auth/user', { headers: { authorization: 'Basic abc' } });
    t.is(basic.status, 401);
  });

  test(title('an admin sets up a tenant; the owner manages it and cannot see other tenants'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const mine = await tenant.owner.get('/organizations');
    t.is(mine.status, 200);
    t.deepEqual(
      mine.body.map((org: { id: string }) => org.id),
      [tenant.organizationId],
    );
    t.is((await tenant.owner.get(`/organizations/${other.organizationId}`)).status, 404);
    t.is((await tenant.owner.get(`/users/${other.ownerId}`)).status, 404);
    t.is((await tenant.owner.patch(`/users/${other.memberId}`, { name: 'x' })).status, 404);
    t.is((await tenant.owner.delete(`/users/${other.memberId}`)).status, 404);
    const users = await tenant.owner.get('/users');
    t.deepEqual(users.body.map((user: { id: string }) => user.id).sort(), [tenant.ownerId, tenant.memberId].sort());
    const all = await world().admin.get('/organizations', { ids: [tenant.organizationId, other.organizationId] });
    t.is(all.body.length, 2);
  });

  test(title('enforceMfa: owners through update, admins through create or update, members never'), async (t) => {
    const { admin } = world();
    const created = await admin.post('/organizations', { name: `Mfa ${database} ${Date.now()}`, enforceMfa: true });
    t.is(created.status, 201);
    t.true(created.body.enforceMfa);
    const tenant = await createTenant(world());
    t.is((await tenant.member.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true })).status, 403);
    const byOwner = await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: true });
    t.is(byOwner.status, 200);
    t.true(byOwner.body.enforceMfa);
    const byAdmin = await admin.patch(`/organizations/${tenant.organizationId}`, { enforceMfa: false });
    t.false(byAdmin.body.enforceMfa);
    t.is((await tenant.owner.post('/organizations', { name: 'Nope' })).status, 403);
    t.is((await tenant.owner.patch(`/organizations/${tenant.organizationId}`, { extraCredits: 5 })).status, 403);
  });

  test(title('role refusals: members cannot add users, owners cannot grant ADMIN'), async (t) => {
    const tenant = await createTenant(world());
    const byMember = await tenant.member.post('/users', {
      email: `m${Date.now()}@x.example`,
      name: 'M',
      role: 'MEMBER',
    });
    t.is(byMember.status, 403);
    t.is(byMember.body.error, 'forbidden');
    const admin = await tenant.owner.post('/users', { email: `a${Date.now()}@x.example`, name: 'A', role: 'ADMIN' });
    t.is(admin.status, 403);
    const added = await tenant.owner.post('/users', { email: `n${Date.now()}@x.example`, name: 'N', role: 'MEMBER' });
    t.is(added.status, 201);
    t.is(added.body.organizationId, tenant.organizationId);
    t.false(added.body.hasApiKey);
    const duplicate = await tenant.owner.post('/users', { email: added.body.email, name: 'N', role: 'MEMBER' });
    t.is(duplicate.status, 409);
    t.is((await tenant.member.patch(`/users/${tenant.memberId}`, { role: 'OWNER' })).status, 403);
    const renamed = await tenant.member.patch(`/users/${tenant.memberId}`, { name: 'Renamed', marketingConsent: true });
    t.is(renamed.status, 200);
    t.is(renamed.body.name, 'Renamed');
  });

  test(
    title('API keys: shown once, listed without secret, revocation and user deletion stop them at once'),
    async (t) => {
      const tenant = await createTenant(world());
      const issued = await tenant.member.post('/apiKeys', { name: 'ci' });
      t.is(issued.status, 201);
      t.regex(issued.body.key, /^assay_[A-Za-z0-9]{32,}$/);
      const client = tenant.member.as(issued.body.key);
      t.is((await client.get('/auth/user')).status, 200);
      const listed = await tenant.member.get('/apiKeys');
      t.true(listed.body.some((key: { id: string }) => key.id === issued.body.id));
      t.false(JSON.stringify(listed.body).includes(issued.body.key));
      t.is((await tenant.member.post('/apiKeys', { name: 'x', userId: tenant.ownerId })).status, 403);
      const revoked = await tenant.member.delete(`/apiKeys/${issued.body.id}`);
      t.is(revoked.status, 200);
      t.is(revoked.body.id, issued.body.id);
      t.truthy(revoked.body.deletedAt);
      t.is((await client.get('/auth/user')).status, 401);

      const forOwner = await tenant.owner.post('/apiKeys', { name: 'member key', userId: tenant.memberId });
      t.is(forOwner.status, 201);
      t.is((await tenant.owner.delete(`/users/${tenant.memberId}`)).status, 200);
      t.is((await tenant.member.as(forOwner.body.key).get('/auth/user')).status, 401);
      t.is((await tenant.member.get('/auth/user')).status, 401);
    },
  );

  test(title('subscriptions: FREE by default, ADMIN sets ENTERPRISE, which opens build-info'), async (t) => {
    const { admin } = world();
    const tenant = await createTenant(world());
    const initial = await tenant.owner.get(`/organizations/${tenant.organizationId}/subscription`);
    t.is(initial.status, 200);
    t.like(initial.body, { plan: 'FREE', status: 'ACTIVE' });
    t.is((await tenant.owner.get('/build-info')).status, 403);
    t.is(
      (
        await tenant.owner.put(`/organizations/${tenant.organizationId}/subscription`, {
          plan: 'ENTERPRISE',
          status: 'ACTIVE',
        })
      ).status,
      403,
    );
    const set = await admin.put(`/organizations/${tenant.organizationId}/subscription`, {
      plan: 'ENTERPRISE',
      status: 'ACTIVE',
      quantity: 5,
    });
    t.is(set.status, 200);
    t.like(set.body, { plan: 'ENTERPRISE', status: 'ACTIVE', quantity: 5 });
    const info = await tenant.member.get('/build-info');
    t.is(info.status, 200);
    t.is(info.body.version, 'dev');
    t.truthy(info.body.commit);
    t.truthy(Date.parse(info.body.buildDate));
    await admin.put(`/organizations/${tenant.organizationId}/subscription`, {
      plan: 'ENTERPRISE',
      status: 'SUSPENDED',
    });
    t.is((await tenant.member.get('/build-info')).status, 403);
    t.is((await admin.get('/build-info')).status, 200);
  });

  test(title('organizations list: filters, sort, paging and refusals'), async (t) => {
    const { admin } = world();
    const names = ['Sort B', 'Sort A', 'Sort C'].map((name) => `${name} ${database}`);
    for (const name of names) await admin.post('/organizations', { name });
    const byName = await admin.get('/organizations', { name: names[1] });
    t.deepEqual(
      byName.body.map((org: { name: string }) => org.name),
      [names[1]],
    );
    const sorted = await admin.get('/organizations', { sort: 'name,asc', limit: 1000 });
    const sortedNames = sorted.body.map((org: { name: string }) => org.name);
    t.deepEqual(sortedNames, [...sortedNames].sort());
    const page = await admin.get('/organizations', { sort: 'name,asc', limit: 1, offset: 1 });
    t.is(page.body.length, 1);
    t.is(page.body[0].name, sortedNames[1]);
    for (const query of [{ sort: 'secret,asc' }, { limit: -1 }, { limit: 1001 }, { offset: -3 }, { colour: 'red' }]) {
      const refused = await admin.get('/organizations', query);
      t.is(refused.status, 400, JSON.stringify(query));
      t.is(refused.body.error, 'invalid_input');
    }
  });

  test(title('deleting an organization hides it and stops its keys'), async (t) => {
    const { admin } = world();
    const tenant = await createTenant(world());
    t.is((await tenant.owner.delete(`/organizations/${tenant.organizationId}`)).status, 403);
    const deleted = await admin.delete(`/organizations/${tenant.organizationId}`);
    t.is(deleted.status, 200);
    t.is((await admin.get(`/organizations/${tenant.organizationId}`)).status, 404);
    t.is((await tenant.owner.get('/auth/user')).status, 401);
  });
}
