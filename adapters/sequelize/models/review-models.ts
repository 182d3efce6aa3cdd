import type { Sequelize } from 'sequelize';
import type { UserGroup } from '../../../domain/review/user-group.ts';
import type { UserGroupLink } from '../../../domain/review/user-group-link.ts';
import { tables } from '../migrations/0009-human-review.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the human-review tables: user groups and their links. */
export const defineReviewModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    userGroups: { name: 'UserGroup', table: 'user_groups', columns: columnsOf<UserGroup>()(tables.userGroups) },
    userGroupLinks: {
      name: 'UserGroupLink',
      table: 'user_group_links',
      columns: columnsOf<UserGroupLink>()(tables.userGroupLinks),
    },
  });
