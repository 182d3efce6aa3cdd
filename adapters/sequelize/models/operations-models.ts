import type { Sequelize } from 'sequelize';
import { operationsKinds } from '../../shared/record-kinds/operations-kinds.ts';
import { tables } from '../migrations/0012-operations.ts';
import { marketplaceOperationColumns } from '../migrations/0017-marketplace-token-binding.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the operations tables: marketplace operations and MFA challenges. */
export const defineOperationsModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    marketplaceOperations: recordModel(operationsKinds.marketplaceOperations, {
      table: 'marketplace_operations',
      columns: { ...tables.marketplaceOperations, ...marketplaceOperationColumns },
    }),
    mfaChallenges: recordModel(operationsKinds.mfaChallenges, {
      table: 'mfa_challenges',
      columns: tables.mfaChallenges,
    }),
  });
