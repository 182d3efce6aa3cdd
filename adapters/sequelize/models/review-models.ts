import type { Sequelize } from 'sequelize';
import { reviewKinds } from '../../shared/record-kinds/review-kinds.ts';
import { tables } from '../migrations/0009-human-review.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the human-review tables: user groups and their links. */
export const defineReviewModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    userGroups: recordModel(reviewKinds.userGroups, { table: 'user_groups', columns: tables.userGroups }),
    userGroupLinks: recordModel(reviewKinds.userGroupLinks, {
      table: 'user_group_links',
      columns: tables.userGroupLinks,
    }),
  });
