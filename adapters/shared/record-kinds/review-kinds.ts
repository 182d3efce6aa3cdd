import type { UserGroup } from '../../../domain/review/user-group.ts';
import type { UserGroupLink } from '../../../domain/review/user-group-link.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The human-review records: user groups and their links to users, metrics and products. */
export const reviewKinds = {
  userGroups: ownedRecordKind<UserGroup>({
    name: 'UserGroup',
    publicName: 'User group',
    unique: [['organizationId', 'name']],
    fields: {
      name: true,
      description: true,
      allProducts: true,
      updatedAt: true,
      version: true,
    },
  }),
  userGroupLinks: ownedRecordKind<UserGroupLink>({
    name: 'UserGroupLink',
    publicName: 'User group link',
    unique: [['userGroupId', 'targetKind', 'targetId']],
    fields: {
      userGroupId: true,
      targetKind: true,
      targetId: true,
    },
  }),
};
