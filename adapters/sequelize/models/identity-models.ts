import type { Sequelize } from 'sequelize';
import { tables } from '../migrations/0001-identity.ts';
import { defineModel } from '../support/define-model.ts';

/** Models over the identity tables, with the columns their migrations created. */
export function defineIdentityModels(sequelize: Sequelize) {
  return {
    organizations: defineModel(sequelize, 'Organization', 'organizations', tables.organizations),
    subscriptions: defineModel(sequelize, 'Subscription', 'subscriptions', tables.subscriptions),
    users: defineModel(sequelize, 'User', 'users', tables.users),
    apiKeys: defineModel(sequelize, 'ApiKey', 'api_keys', tables.apiKeys),
  };
}
