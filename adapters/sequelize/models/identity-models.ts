import type { Sequelize } from 'sequelize';
import type { ApiKey } from '../../../domain/identity/api-key.ts';
import type { User } from '../../../domain/identity/user.ts';
import type { Organization } from '../../../domain/organization/organization.ts';
import type { Subscription } from '../../../domain/organization/subscription.ts';
import { tables } from '../migrations/0001-identity.ts';
import { apiKeyColumns, organizationColumns, subscriptionColumns } from '../migrations/0012-operations.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the identity tables: every field of each record, with the column its migrations created. */
export const defineIdentityModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    organizations: {
      name: 'Organization',
      table: 'organizations',
      columns: columnsOf<Organization>()({ ...tables.organizations, ...organizationColumns }),
    },
    subscriptions: {
      name: 'Subscription',
      table: 'subscriptions',
      columns: columnsOf<Subscription>()({ ...tables.subscriptions, ...subscriptionColumns }),
    },
    users: { name: 'User', table: 'users', columns: columnsOf<User>()(tables.users) },
    apiKeys: {
      name: 'ApiKey',
      table: 'api_keys',
      columns: columnsOf<ApiKey>()({ ...tables.apiKeys, ...apiKeyColumns }),
    },
  });
