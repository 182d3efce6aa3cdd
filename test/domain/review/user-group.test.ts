import test from 'ava';
import { Forbidden, InvalidInput } from '../../../domain/errors.ts';
import type { Actor, Role } from '../../../domain/identity/role.ts';
import {
  assertMayChangeLinks,
  assertMayLinkNewMetric,
  createUserGroupLink,
  type LinkTarget,
  membersByGroup,
  unlinkedTargets,
} from '../../../domain/review/user-group-link.ts';
import { assertMayManageGroups, changeUserGroup, createUserGroup } from '../../../domain/review/user-group.ts';

const creation = { id: 'userGroup_1', organizationId: 'org', now: '2026-01-01T00:00:00.000Z' };
const actor = (role: Role): Actor => ({ userId: 'user_1', organizationId: 'org', role, apiKeyId: null });

test('a new group is trimmed, covers no product by default, and refuses bad fields all at once', (t) => {
  t.like(createUserGroup({ name: '  Raters ' }, creation), {
    name: 'Raters',
    description: null,
    allProducts: false,
    updatedAt: creation.now,
  });
  const error = t.throws(
    () => createUserGroup({ name: ' ', description: 'x'.repeat(1_000_001), userIds: [''] }, creation),
    { instanceOf: InvalidInput },
  );
  t.deepEqual(
    error?.issues.map((issue) => issue.path),
    ['name', 'description', 'userIds.0'],
  );
  const changed = changeUserGroup(
    createUserGroup({ name: 'A' }, creation),
    { allProducts: true },
    '2026-02-01T00:00:00.000Z',
  );
  t.like(changed, { name: 'A', allProducts: true, updatedAt: '2026-02-01T00:00:00.000Z' });
});

test('links: members in link order per group; linking again adds nothing', (t) => {
  const link = (groupId: string, kind: LinkTarget, targetId: string, minute: number) =>
    createUserGroupLink(
      { userGroupId: groupId, targetKind: kind, targetId },
      { id: `userGroupLink_${minute}`, organizationId: 'org', now: `2026-01-01T00:0${minute}:00.000Z` },
    );
  const links = [
    link('g1', 'metric', 'm2', 2),
    link('g1', 'metric', 'm1', 1),
    link('g1', 'user', 'u1', 3),
    link('g2', 'product', 'p1', 4),
  ];
  t.deepEqual(
    membersByGroup(['g1', 'g2', 'g3'], links),
    new Map([
      ['g1', { userIds: ['u1'], metricIds: ['m1', 'm2'], productIds: [] }],
      ['g2', { userIds: [], metricIds: [], productIds: ['p1'] }],
      ['g3', { userIds: [], metricIds: [], productIds: [] }],
    ]),
  );
  t.deepEqual(unlinkedTargets(links, ['m1', 'm3', 'm3', 'm4']), ['m3', 'm4']);
});

test('who changes what: OWNER and ADMIN manage and link; a MEMBER does neither', (t) => {
  t.throws(() => assertMayManageGroups(actor('MEMBER')), { instanceOf: Forbidden });
  for (const role of ['OWNER', 'ADMIN'] as const) {
    t.notThrows(() => assertMayManageGroups(actor(role)));
    for (const kind of ['user', 'metric', 'product'] as const)
      t.notThrows(() => assertMayChangeLinks(actor(role), kind));
  }
  t.throws(() => assertMayChangeLinks(actor('MEMBER'), 'metric'), { instanceOf: Forbidden, message: /metricIds/ });
  t.throws(() => assertMayChangeLinks(actor('MEMBER'), 'user'), { message: /userIds/ });
  t.throws(() => assertMayChangeLinks(actor('MEMBER'), 'product'), { message: /productIds/ });
});

test('linking a new metric: a MEMBER only to their own groups, a revision only to its parent’s', (t) => {
  const cases = [
    { role: 'OWNER', groupIds: ['g9'], callerGroupIds: [], parentGroupIds: null, allowed: true },
    { role: 'ADMIN', groupIds: ['g9'], callerGroupIds: [], parentGroupIds: ['g1'], allowed: true },
    { role: 'MEMBER', groupIds: ['g1'], callerGroupIds: ['g1', 'g2'], parentGroupIds: null, allowed: true },
    { role: 'MEMBER', groupIds: [], callerGroupIds: [], parentGroupIds: null, allowed: true },
    { role: 'MEMBER', groupIds: ['g1', 'g3'], callerGroupIds: ['g1'], parentGroupIds: null, allowed: false },
    { role: 'MEMBER', groupIds: ['g1'], callerGroupIds: ['g1'], parentGroupIds: ['g2'], allowed: false },
    { role: 'MEMBER', groupIds: ['g2'], callerGroupIds: [], parentGroupIds: ['g2', 'g3'], allowed: true },
  ] as const;
  for (const { role, allowed, ...links } of cases) {
    const check = () => assertMayLinkNewMetric(actor(role), links);
    if (allowed) t.notThrows(check, JSON.stringify({ role, ...links }));
    else t.throws(check, { instanceOf: Forbidden }, JSON.stringify({ role, ...links }));
  }
});
