import type { ModelPrice } from '../../../domain/cost/model-price.ts';
import type { Repricing } from '../../../domain/cost/repricing.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** Model prices (platform-wide ones have no organization) and repricing jobs. */
export const costKinds = {
  modelPrices: ownedRecordKind<ModelPrice>({
    name: 'ModelPrice',
    publicName: 'Model',
    unique: [['organizationId', 'name']],
    fields: {
      name: true,
      matchPattern: true,
      costPerInputToken: true,
      costPerOutputToken: true,
      costPerCacheReadInputToken: true,
      costPerCacheCreationInputToken: true,
      costPerInputTokenAbove128k: true,
      costPerOutputTokenAbove128k: true,
      tokenizerProvider: true,
      source: true,
      updatedAt: true,
      version: true,
    },
  }),
  repricings: ownedRecordKind<Repricing>({
    name: 'Repricing',
    publicName: 'Repricing',
    fields: {
      modelId: true,
      versionId: true,
      allOrganizations: true,
      state: true,
      afterId: true,
      repricedCount: true,
      finishedAt: true,
      version: true,
    },
  }),
};
