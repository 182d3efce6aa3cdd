import test from 'ava';
import type { UserGroupFilter } from '../../../application/review/list-user-groups.ts';
import { reviewWorld } from '../../support/memory-review.ts';
import { accessTable, issuePaths } from '../../support/rule-tables.ts';

const DAY = 86_400_000;

/**
 * The review world (A's "Reviewers" group links its two reviewers, the HUMAN metric and A's product) plus A's
 * "Triage" group covering all products with nobody in it, and B's own "Reviewers" group of B's MEMBER.
 */
async function groupsWorld() {
  const world = await reviewWorld();
  const { useCases, a, b } = world;
  const triage = await useCases.createUserGroup.execute(a.owner, { name: 'Triage', allProducts: true });
  const theirs = await useCases.createUserGroup.execute(b.owner, { name: 'Reviewers', userIds: [b.member.userId] });
  return { ...world, triage, theirGroup: theirs };
}

type GroupsWorld = Awaited<ReturnType<typeof groupsWorld>>;

test('every member of the organization reads its groups with their links', async (t) => {
  const { useCases, a, reviewers, metric, mine, group, triage } = await groupsWorld();
  const sort = [{ field: 'name', direction: 'asc' }] as const;
  for (const reader of [a.owner, a.member, reviewers[0]]) {
    const groups = await useCases.listUserGroups.execute(reader, { sort });
    t.deepEqual(groups, [group, triage]);
  }
  t.like(group, {
    userIds: reviewers.map((reviewer) => reviewer.userId),
    metricIds: [metric.id],
    productIds: [mine.product.id],
    allProducts: false,
  });
  t.like(triage, { userIds: [], metricIds: [], productIds: [], allProducts: true });
});

/** Which of A's groups a filter finds ("R" for Reviewers, "T" for Triage), every condition holding. */
const filters: { rule: string; filter: (world: GroupsWorld) => UserGroupFilter; found: string[] }[] = [
  { rule: 'part of the name, any case', filter: () => ({ name: 'VIEW' }), found: ['R'] },
  { rule: 'exact names only', filter: () => ({ names: ['Triage', 'Review'] }), found: ['T'] },
  { rule: 'ids', filter: ({ triage }) => ({ ids: [triage.id] }), found: ['T'] },
  { rule: 'groups linking a user', filter: ({ reviewers }) => ({ userIds: [reviewers[1].userId] }), found: ['R'] },
  { rule: 'a user in no group', filter: ({ a }) => ({ userIds: [a.member.userId] }), found: [] },
  { rule: 'groups linking a metric', filter: ({ metric }) => ({ metricIds: [metric.id] }), found: ['R'] },
  { rule: 'groups linking a product', filter: ({ mine }) => ({ productIds: [mine.product.id] }), found: ['R'] },
  {
    rule: 'a user and a metric: both must be linked',
    filter: ({ reviewers, metric }) => ({ userIds: [reviewers[0].userId], metricIds: [metric.id] }),
    found: ['R'],
  },
  {
    rule: 'a name and a user that are not in the same group',
    filter: ({ reviewers }) => ({ name: 'Triage', userIds: [reviewers[0].userId] }),
    found: [],
  },
  {
    rule: "another organization's group, even by id",
    filter: ({ theirGroup }) => ({ ids: [theirGroup.id] }),
    found: [],
  },
  {
    rule: "another organization's user",
    filter: ({ b }) => ({ userIds: [b.member.userId] }),
    found: [],
  },
  {
    rule: 'a page of one, by name from the end',
    filter: () => ({ sort: [{ field: 'name', direction: 'desc' }], limit: 1 }),
    found: ['T'],
  },
  {
    rule: 'the second page',
    filter: () => ({ sort: [{ field: 'name', direction: 'asc' }], limit: 1, offset: 1 }),
    found: ['T'],
  },
];

for (const { rule, filter, found } of filters) {
  test(`listing groups: ${rule}`, async (t) => {
    const world = await groupsWorld();
    const groups = await world.useCases.listUserGroups.execute(world.a.member, filter(world));
    t.deepEqual(
      groups.map((group) => (group.id === world.group.id ? 'R' : group.id === world.triage.id ? 'T' : group.id)).sort(),
      found,
    );
  });
}

test('an OWNER changes a group: answered with its links, stored, its links untouched', async (t) => {
  const { useCases, clock, a, reviewers, group } = await groupsWorld();
  clock.advance(DAY);
  const changed = await useCases.updateUserGroup.execute(a.owner, group.id, {
    name: ' Senior reviewers ',
    description: 'Score politeness',
    allProducts: true,
  });
  t.deepEqual(changed, {
    ...group,
    name: 'Senior reviewers',
    description: 'Score politeness',
    allProducts: true,
    updatedAt: clock.now(),
    version: group.version + 1,
  });
  t.deepEqual(await useCases.getUserGroup.execute(reviewers[0], group.id), changed);
  const cleared = await useCases.updateUserGroup.execute(a.owner, group.id, { description: null });
  t.like(cleared, { name: 'Senior reviewers', description: null, allProducts: true });
});

/** Who may change a group, and what; a refused change leaves every store as it was. */
accessTable<GroupsWorld>('changing a group', groupsWorld, [
  {
    rule: 'an OWNER renames',
    act: ({ useCases, a, group }) => useCases.updateUserGroup.execute(a.owner, group.id, { name: 'Raters' }),
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER may not',
    act: ({ useCases, a, group }) => useCases.updateUserGroup.execute(a.member, group.id, { name: 'Mine' }),
    expected: 'forbidden',
  },
  {
    rule: 'a reviewer of the group may not either',
    act: ({ useCases, reviewers, group }) =>
      useCases.updateUserGroup.execute(reviewers[0], group.id, { allProducts: true }),
    expected: 'forbidden',
  },
  {
    rule: "another organization's group is unknown to an OWNER",
    act: ({ useCases, a, theirGroup }) => useCases.updateUserGroup.execute(a.owner, theirGroup.id, { name: 'Ours' }),
    expected: 'not_found',
  },
  {
    rule: 'an unknown group',
    act: ({ useCases, a }) => useCases.updateUserGroup.execute(a.owner, 'userGroup_none', { name: 'X' }),
    expected: 'not_found',
  },
  {
    rule: 'a deleted group',
    prepare: async ({ useCases, a, triage }) => {
      await useCases.deleteUserGroup.execute(a.owner, triage.id);
    },
    act: ({ useCases, a, triage }) => useCases.updateUserGroup.execute(a.owner, triage.id, { name: 'Back' }),
    expected: 'not_found',
  },
  {
    rule: "another group's name",
    act: ({ useCases, a, group }) => useCases.updateUserGroup.execute(a.owner, group.id, { name: 'Triage' }),
    expected: 'conflict',
  },
  {
    rule: "a name another organization's group has is free",
    act: ({ useCases, a, triage }) => useCases.updateUserGroup.execute(a.owner, triage.id, { name: 'Reviewers 2' }),
    expected: 'allowed',
  },
  {
    rule: 'a blank name',
    act: ({ useCases, a, group }) => useCases.updateUserGroup.execute(a.owner, group.id, { name: '  ' }),
    expected: 'invalid_input',
  },
]);

test('a change with several bad fields names each of them', async (t) => {
  const { useCases, a, group } = await groupsWorld();
  const error = await t.throwsAsync(
    useCases.updateUserGroup.execute(a.owner, group.id, {
      name: '',
      description: 'x'.repeat(1_000_001),
      allProducts: 'yes' as never,
    }),
    { code: 'invalid_input' },
  );
  t.deepEqual(issuePaths(error), ['name', 'description', 'allProducts']);
});
