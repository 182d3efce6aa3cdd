import test from 'ava';
import { reviewWorld, type ReviewWorld } from '../../support/memory-review.ts';
import { allOrNothingTable } from '../../support/rule-tables.ts';

allOrNothingTable<ReviewWorld>('user group writes are all or nothing', () => reviewWorld(), [
  {
    rule: 'creating a group whose links fail stores no group',
    breaks: { port: 'userGroupLinks', method: 'insertMany' },
    act: (broken, world) =>
      broken.createUserGroup.execute(world.a.owner, { name: 'Half', metricIds: [world.metric.id] }),
  },
  {
    rule: 'linking that fails leaves the group’s version and links',
    breaks: { port: 'userGroupLinks', method: 'insertMany' },
    act: (broken, world) =>
      broken.linkUserGroup.execute(world.a.owner, world.group.id, { kind: 'user', ids: [world.a.member.userId] }),
  },
  {
    rule: 'deleting a group whose record write fails keeps its links',
    breaks: { port: 'userGroups', method: 'update' },
    act: (broken, world) => broken.deleteUserGroup.execute(world.a.owner, world.group.id),
  },
  {
    rule: 'deleting a metric that fails keeps its group links',
    breaks: { port: 'metrics', method: 'update' },
    act: (broken, world) => broken.deleteMetric.execute(world.a.owner, world.metric.id),
  },
  {
    rule: 'deleting a user that fails keeps them in their groups',
    breaks: { port: 'users', method: 'update' },
    act: (broken, world) => broken.deleteUser.execute(world.a.owner, world.reviewers[0].userId),
  },
  {
    rule: 'deleting a product that fails keeps the groups covering it',
    breaks: { port: 'products', method: 'update' },
    act: (broken, world) => broken.deleteProduct.execute(world.a.owner, world.mine.product.id),
  },
  {
    rule: 'creating a metric whose group links fail stores no metric',
    breaks: { port: 'userGroupLinks', method: 'insertMany' },
    act: (broken, world) =>
      broken.createMetric.execute(world.a.owner, { name: 'Linked', source: 'HUMAN', userGroupIds: [world.group.id] }),
  },
]);

test('concurrent links of one group all land: the group’s version orders them', async (t) => {
  const { useCases, a, group, reviewers } = await reviewWorld();
  const products = await Promise.all(
    ['one', 'two', 'three'].map((name) => useCases.createProduct.execute(a.owner, { name })),
  );
  await Promise.all(
    products.map((product) =>
      useCases.linkUserGroup.execute(a.owner, group.id, { kind: 'product', ids: [product.id] }),
    ),
  );
  const linked = await useCases.getUserGroup.execute(reviewers[0], group.id);
  t.deepEqual([...linked.productIds].sort(), [group.productIds[0], ...products.map((product) => product.id)].sort());
});
