import type { Sequelize } from 'sequelize';
import type { MfaChallenge } from '../../../domain/identity/mfa-challenge.ts';
import type { MarketplaceOperation } from '../../../domain/organization/marketplace-operation.ts';
import { tables } from '../migrations/0012-operations.ts';
import { columnsOf } from '../support/columns.ts';
import { defineModels } from '../support/define-model.ts';

/** Models over the operations tables: marketplace operations and MFA challenges. */
export const defineOperationsModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    marketplaceOperations: {
      name: 'MarketplaceOperation',
      table: 'marketplace_operations',
      columns: columnsOf<MarketplaceOperation>()(tables.marketplaceOperations),
    },
    mfaChallenges: {
      name: 'MfaChallenge',
      table: 'mfa_challenges',
      columns: columnsOf<MfaChallenge>()(tables.mfaChallenges),
    },
  });
