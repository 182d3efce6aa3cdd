import type { UserGroup } from '../../../domain/review/user-group.ts';
import type { UserGroupLink } from '../../../domain/review/user-group-link.ts';
import { recordKind } from '../record-kind.ts';

/** The human-review records: user groups and their links to users, metrics and products. */
export const reviewKinds = {
  userGroups: recordKind<UserGroup>({
    name: 'UserGroup',
    publicName: 'User group',
    scopeField: 'organizationId',
    unique: [['organizationId', 'name']],
    fields: {
      id: true,
      organizationId: true,
      name: true,
      description: true,
      allProducts: true,
      createdAt: true,
      updatedAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  userGroupLinks: recordKind<UserGroupLink>({
    name: 'UserGroupLink',
    publicName: 'User group link',
    scopeField: 'organizationId',
    unique: [['userGroupId', 'targetKind', 'targetId']],
    fields: {
      id: true,
      organizationId: true,
      userGroupId: true,
      targetKind: true,
      targetId: true,
      createdAt: true,
      deletedAt: true,
    },
  }),
};
