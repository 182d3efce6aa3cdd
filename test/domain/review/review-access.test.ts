import test from 'ava';
import { Forbidden } from '../../../domain/errors.ts';
import type { Actor, Role } from '../../../domain/identity/role.ts';
import { assertMayReview, mayReview, reviewReach } from '../../../domain/review/review-access.ts';
import type { LinkedUserGroup } from '../../../domain/review/user-group.ts';

const actor = (role: Role, userId = 'user_me'): Actor => ({ userId, organizationId: 'org', role, apiKeyId: null });
const group = (fields: Partial<LinkedUserGroup>): LinkedUserGroup => ({
  id: 'userGroup_1',
  organizationId: 'org',
  name: 'Group',
  description: null,
  allProducts: false,
  userIds: ['user_me'],
  metricIds: ['metric_a'],
  productIds: ['product_x'],
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  version: 0,
  ...fields,
});
const target = (metricId: string, productId: string | null) => ({ evaluationId: 'evaluation_1', metricId, productId });

const cases: {
  rule: string;
  role: Role;
  groups: LinkedUserGroup[];
  target: ReturnType<typeof target>;
  may: boolean;
}[] = [
  { rule: '1: an OWNER reviews everything', role: 'OWNER', groups: [], target: target('metric_z', null), may: true },
  { rule: '1: an ADMIN reviews everything', role: 'ADMIN', groups: [], target: target('metric_z', null), may: true },
  {
    rule: '2: a MEMBER in no group reviews nothing',
    role: 'MEMBER',
    groups: [],
    target: target('metric_a', 'product_x'),
    may: false,
  },
  {
    rule: '2: the group links the metric and the product',
    role: 'MEMBER',
    groups: [group({})],
    target: target('metric_a', 'product_x'),
    may: true,
  },
  {
    rule: '2: another metric is not covered',
    role: 'MEMBER',
    groups: [group({})],
    target: target('metric_b', 'product_x'),
    may: false,
  },
  {
    rule: '2: another product is not covered',
    role: 'MEMBER',
    groups: [group({})],
    target: target('metric_a', 'product_y'),
    may: false,
  },
  {
    rule: '2: an unknown product is not covered',
    role: 'MEMBER',
    groups: [group({})],
    target: target('metric_a', null),
    may: false,
  },
  {
    rule: '2: allProducts covers every product, even unknown',
    role: 'MEMBER',
    groups: [group({ allProducts: true, productIds: [] })],
    target: target('metric_a', null),
    may: true,
  },
  {
    rule: '2: a group the caller is not in grants nothing',
    role: 'MEMBER',
    groups: [group({ userIds: ['user_other'] })],
    target: target('metric_a', 'product_x'),
    may: false,
  },
  {
    rule: '2: grants do not mix: one group’s metric with another group’s product is not covered',
    role: 'MEMBER',
    groups: [
      group({ metricIds: ['metric_a'], productIds: ['product_x'] }),
      group({ id: 'userGroup_2', metricIds: ['metric_b'], productIds: ['product_y'] }),
    ],
    target: target('metric_a', 'product_y'),
    may: false,
  },
];

for (const { rule, role, groups, target: evaluation, may } of cases) {
  test(`review rule ${rule}`, (t) => {
    const reach = reviewReach(actor(role), groups);
    t.is(mayReview(reach, evaluation), may);
    if (may) t.notThrows(() => assertMayReview(reach, evaluation));
    else t.throws(() => assertMayReview(reach, evaluation), { instanceOf: Forbidden, message: /evaluation_1/ });
  });
}
