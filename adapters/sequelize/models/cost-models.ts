import type { Sequelize } from 'sequelize';
import { costKinds } from '../../shared/record-kinds/cost-kinds.ts';
import { tables } from '../migrations/0019-costs.ts';
import { defineModels } from '../support/define-model.ts';
import { recordModel } from './record-model.ts';

/** Models over the model prices and repricing jobs tables. */
export const defineCostModels = (sequelize: Sequelize) =>
  defineModels(sequelize, {
    modelPrices: recordModel(costKinds.modelPrices, { table: 'model_prices', columns: tables.modelPrices }),
    repricings: recordModel(costKinds.repricings, { table: 'repricings', columns: tables.repricings }),
  });
