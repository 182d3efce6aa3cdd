import test from 'ava';
import type { LinkedUserGroup } from '../../domain/review/user-group.ts';
import { fieldNames } from '../support/field-names.ts';
import { createTenant, databaseWorlds, type Tenant } from '../support/http-world.ts';
import { addPerson } from '../support/review-scene.ts';

const pathsOf = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

for (const { world, title } of await databaseWorlds(test)) {
  let counter = 0;
  const unique = (name: string) => `${name} ${++counter}`;

  /** A fresh organization with a product and a HUMAN metric. */
  const scene = async () => {
    const tenant: Tenant = await createTenant(world());
    const product = (await tenant.owner.post('/products', { name: unique('Product') })).body;
    const metric = (await tenant.owner.post('/metrics', { name: unique('Tone'), source: 'HUMAN' })).body;
    return { tenant, owner: tenant.owner, member: tenant.member, product, metric };
  };

  test(title('an OWNER creates a group with its links; every member reads it'), async (t) => {
    const { tenant, owner, member, product, metric } = await scene();
    const created = await owner.post('/userGroups', {
      name: 'Linguists',
      description: 'They read every answer',
      userIds: [tenant.memberId, tenant.memberId],
      metricIds: [metric.id],
      productIds: [product.id],
    });
    t.is(created.status, 201);
    t.deepEqual(
      Object.keys(created.body).sort(),
      fieldNames<LinkedUserGroup, 'version'>()([
        'allProducts',
        'createdAt',
        'deletedAt',
        'description',
        'id',
        'metricIds',
        'name',
        'organizationId',
        'productIds',
        'updatedAt',
        'userIds',
      ]),
    );
    t.regex(created.body.id, /^userGroup_/);
    t.like(created.body, {
      name: 'Linguists',
      organizationId: tenant.organizationId,
      allProducts: false,
      userIds: [tenant.memberId],
      metricIds: [metric.id],
      productIds: [product.id],
      deletedAt: null,
    });
    t.deepEqual((await member.get(`/userGroups/${created.body.id}`)).body, created.body);
    const listed = await member.get('/userGroups', { userIds: tenant.memberId });
    t.deepEqual(
      listed.body.map((group: { id: string }) => group.id),
      [created.body.id],
    );
    t.deepEqual((await member.get('/userGroups', { names: 'linguists' })).body, [], 'names are exact');
    t.is((await member.get('/userGroups', { name: 'INGUI' })).body.length, 1, 'name is partial, any case');
    t.is((await member.get('/userGroups', { metricIds: metric.id })).body.length, 1);
    t.is((await member.get('/userGroups', { productIds: 'product_none' })).body.length, 0);
    t.is((await owner.post('/userGroups', { name: 'Linguists' })).status, 409, 'names are unique');
  });

  test(title('a metric shows the groups linked to it, and linking from either side is the same link'), async (t) => {
    const { owner, member, metric } = await scene();
    const group = (await owner.post('/userGroups', { name: unique('Raters') })).body;
    const linked = await owner.post(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] });
    t.is(linked.status, 200);
    t.deepEqual(linked.body.metricIds, [metric.id]);
    t.deepEqual((await member.get(`/metrics/${metric.id}`)).body.userGroupIds, [group.id]);
    t.deepEqual(
      (await owner.post(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] })).body.metricIds,
      [metric.id],
      'linking again changes nothing',
    );

    const other = (await owner.post('/userGroups', { name: unique('Others') })).body;
    const created = await owner.post('/metrics', {
      name: unique('Empathy'),
      source: 'HUMAN',
      userGroupIds: [group.id, other.id],
    });
    t.is(created.status, 201);
    t.deepEqual(created.body.userGroupIds, [group.id, other.id]);
    t.deepEqual((await owner.get(`/userGroups/${other.id}`)).body.metricIds, [created.body.id]);
    const revision = await owner.post('/metrics', { parentMetricId: created.body.id });
    t.deepEqual(revision.body.userGroupIds, [group.id, other.id], 'a revision keeps its parent’s groups');
    const narrowed = await owner.post('/metrics', { parentMetricId: revision.body.id, userGroupIds: [other.id] });
    t.deepEqual(narrowed.body.userGroupIds, [other.id], 'unless it names its own');
    t.deepEqual(
      (await owner.get('/metrics', { ids: [created.body.id, revision.body.id] })).body.map(
        (item: { userGroupIds: string[] }) => item.userGroupIds,
      ),
      [
        [group.id, other.id],
        [group.id, other.id],
      ],
      'lists read the links too',
    );
    const unknown = await owner.post('/metrics', {
      name: unique('Nope'),
      source: 'HUMAN',
      userGroupIds: ['userGroup_x'],
    });
    t.is(unknown.status, 404);
    t.is(unknown.body.message, 'User group userGroup_x not found');

    await owner.delete(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] });
    t.deepEqual((await owner.get(`/metrics/${metric.id}`)).body.userGroupIds, [], 'unlinked from both sides');
    const patched = await owner.patch(`/metrics/${metric.id}`, { userGroupIds: [group.id] });
    t.is(patched.status, 400, 'a metric’s groups change through the group routes');
  });

  test(title('every id must be a live record of the organization: 404 naming it, nothing linked'), async (t) => {
    const { owner, product, metric } = await scene();
    const group = (await owner.post('/userGroups', { name: unique('Strict') })).body;
    const foreign = await createTenant(world());
    const foreignMetric = (await foreign.owner.post('/metrics', { name: 'Theirs', source: 'HUMAN' })).body;
    const cases: readonly [string, Record<string, string[]>, string][] = [
      ['metrics', { metricIds: [metric.id, foreignMetric.id] }, `Metric ${foreignMetric.id} not found`],
      ['users', { userIds: [foreign.ownerId] }, `User ${foreign.ownerId} not found`],
      ['products', { productIds: [product.id, 'product_missing'] }, 'Product product_missing not found'],
    ];
    for (const [segment, body, message] of cases) {
      const response = await owner.post(`/userGroups/${group.id}/${segment}`, body);
      t.is(response.status, 404, segment);
      t.is(response.body.message, message);
    }
    t.like((await owner.get(`/userGroups/${group.id}`)).body, { metricIds: [], userIds: [], productIds: [] });
    const refusedCreate = await owner.post('/userGroups', {
      name: unique('Half'),
      metricIds: [metric.id],
      userIds: ['user_missing'],
    });
    t.is(refusedCreate.status, 404);
    t.deepEqual((await owner.get(`/metrics/${metric.id}`)).body.userGroupIds, [], 'a refused create links nothing');
    t.is((await foreign.owner.get(`/userGroups/${group.id}`)).status, 404, 'another organization’s group is unknown');
    t.is((await foreign.owner.post(`/userGroups/${group.id}/metrics`, { metricIds: [foreignMetric.id] })).status, 404);
  });

  test(title('OWNER and ADMIN manage groups; a MEMBER only reads them'), async (t) => {
    const { tenant, owner, member, product, metric } = await scene();
    const admin = await addPerson(world(), tenant.organizationId, 'ADMIN');
    const group = (await admin.client.post('/userGroups', { name: unique('Managed') })).body;
    t.truthy(group.id, 'an ADMIN creates');
    const refused = [
      await member.post('/userGroups', { name: unique('Mine') }),
      await member.patch(`/userGroups/${group.id}`, { name: 'Renamed' }),
      await member.delete(`/userGroups/${group.id}`),
      await member.post(`/userGroups/${group.id}/users`, { userIds: [tenant.memberId] }),
      await member.delete(`/userGroups/${group.id}/users`, { userIds: [tenant.memberId] }),
      await member.post(`/userGroups/${group.id}/products`, { productIds: [product.id] }),
      await member.delete(`/userGroups/${group.id}/products`, { productIds: [product.id] }),
      await member.post(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] }),
      await member.delete(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] }),
    ];
    t.deepEqual(
      refused.map((response) => response.status),
      Array(refused.length).fill(403),
    );
    t.is((await admin.client.post(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] })).status, 200);
    const patched = await owner.patch(`/userGroups/${group.id}`, {
      name: 'Renamed',
      description: null,
      allProducts: true,
    });
    t.like(patched.body, { name: 'Renamed', description: null, allProducts: true, metricIds: [metric.id] });
    t.true(patched.body.updatedAt >= group.updatedAt);
  });

  test(title('deleting a user, a metric, a product or the group removes its links'), async (t) => {
    const { tenant, owner, product, metric } = await scene();
    const person = await addPerson(world(), tenant.organizationId, 'MEMBER');
    const group = (
      await owner.post('/userGroups', {
        name: unique('Doomed'),
        userIds: [person.id, tenant.memberId],
        metricIds: [metric.id],
        productIds: [product.id],
      })
    ).body;
    await owner.delete(`/users/${person.id}`);
    await owner.delete(`/metrics/${metric.id}`);
    await owner.delete(`/products/${product.id}`);
    t.like((await owner.get(`/userGroups/${group.id}`)).body, {
      userIds: [tenant.memberId],
      metricIds: [],
      productIds: [],
    });
    const deleted = await owner.delete(`/userGroups/${group.id}`);
    t.is(deleted.status, 200);
    t.is((await owner.get(`/userGroups/${group.id}`)).status, 404);
    t.deepEqual((await owner.get('/userGroups', { userIds: tenant.memberId })).body, []);
    t.is((await owner.post('/userGroups', { name: group.name })).status, 201, 'the name is free again');
  });

  test(title('group bodies are validated and name the field'), async (t) => {
    const { owner } = await scene();
    t.deepEqual(pathsOf(await owner.post('/userGroups', {})), ['name']);
    t.deepEqual(pathsOf(await owner.post('/userGroups', { name: ' ' })), ['name']);
    t.deepEqual(pathsOf(await owner.post('/userGroups', { name: 'x', allProducts: 'yes' })), ['allProducts']);
    t.deepEqual(pathsOf(await owner.post('/userGroups', { name: 'x', userIds: 'user_1' })), ['userIds']);
    t.deepEqual(pathsOf(await owner.post('/userGroups', { name: 'x', colour: 'red' })), ['colour']);
    const group = (await owner.post('/userGroups', { name: unique('Valid'), allProducts: null })).body;
    t.false(group.allProducts, 'null means absent');
    t.deepEqual(pathsOf(await owner.post(`/userGroups/${group.id}/users`, { userIds: [] })), ['userIds']);
    t.deepEqual(pathsOf(await owner.patch(`/userGroups/${group.id}`, { allProducts: null })), ['allProducts']);
    t.deepEqual(
      pathsOf(await owner.post(`/userGroups/${group.id}/metrics`, { metricIds: Array(1001).fill('metric_x') })),
      ['metricIds'],
    );
  });
}
