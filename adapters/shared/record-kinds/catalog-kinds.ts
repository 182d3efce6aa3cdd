import type { Product } from '../../../domain/catalog/product.ts';
import type { Version } from '../../../domain/catalog/version.ts';
import type { Specification } from '../../../domain/catalog/specification.ts';
import type { Metric } from '../../../domain/catalog/metric.ts';
import { ownedRecordKind } from '../record-kind.ts';

/** The catalog records: products, their versions and specifications, and metrics. */
export const catalogKinds = {
  products: ownedRecordKind<Product>({
    name: 'Product',
    unique: [['organizationId', 'name']],
    fields: {
      name: true,
      description: true,
      metadata: true,
      version: true,
    },
  }),
  versions: ownedRecordKind<Version>({
    name: 'Version',
    unique: [['productId', 'number']],
    fields: {
      productId: true,
      number: true,
      name: true,
      description: true,
      systemPrompt: true,
      parentVersionId: true,
      conversationEndpointConnectionId: true,
      modelId: true,
      version: true,
    },
  }),
  specifications: ownedRecordKind<Specification>({
    name: 'Specification',
    unique: [['productId', 'type', 'descriptionKey']],
    fields: {
      productId: true,
      name: true,
      description: true,
      type: true,
      descriptionKey: true,
      metricIds: true,
      datasetIds: true,
      version: true,
    },
  }),
  metrics: ownedRecordKind<Metric>({
    name: 'Metric',
    unique: [['organizationId', 'activeName']],
    fields: {
      name: true,
      description: true,
      tags: true,
      source: true,
      judgePrompt: true,
      evaluationParams: true,
      judgeModel: true,
      algorithm: true,
      metricGroupId: true,
      parentMetricId: true,
      legacyAt: true,
      disabledAt: true,
      activeName: true,
      version: true,
    },
  }),
};
