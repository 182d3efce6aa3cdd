import type { Sequelize } from 'sequelize';
import { identityKinds } from '../../shared/record-kinds/identity-kinds.ts';
import { tables } from '../migrations/0001-identity.ts';
import { apiKeyColumns, organizationColumns, subscriptionColumns } from '../migrations/0012-operations.ts';
import { organizationRetentionColumns } from '../migrations/0015-trace-retention.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the identity tables: every field of each record, with the column its migrations created. */
export const defineIdentityModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    organizations: recordModel(identityKinds.organizations, {
      table: 'organizations',
      columns: { ...tables.organizations, ...organizationColumns, ...organizationRetentionColumns },
    }),
    subscriptions: recordModel(identityKinds.subscriptions, {
      table: 'subscriptions',
      columns: { ...tables.subscriptions, ...subscriptionColumns },
    }),
    users: recordModel(identityKinds.users, { table: 'users', columns: tables.users }),
    apiKeys: recordModel(identityKinds.apiKeys, {
      table: 'api_keys',
      columns: { ...tables.apiKeys, ...apiKeyColumns },
    }),
  });
