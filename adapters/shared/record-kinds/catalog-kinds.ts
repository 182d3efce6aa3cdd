import type { Product } from '../../../domain/catalog/product.ts';
import type { Version } from '../../../domain/catalog/version.ts';
import type { Specification } from '../../../domain/catalog/specification.ts';
import type { Metric } from '../../../domain/catalog/metric.ts';
import { recordKind } from '../record-kind.ts';

/** The catalog records: products, their versions and specifications, and metrics. */
export const catalogKinds = {
  products: recordKind<Product>({
    name: 'Product',
    scopeField: 'organizationId',
    unique: [['organizationId', 'name']],
    fields: {
      id: true,
      organizationId: true,
      name: true,
      description: true,
      metadata: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  versions: recordKind<Version>({
    name: 'Version',
    scopeField: 'organizationId',
    unique: [['productId', 'number']],
    fields: {
      id: true,
      organizationId: true,
      productId: true,
      number: true,
      name: true,
      description: true,
      systemPrompt: true,
      parentVersionId: true,
      conversationEndpointConnectionId: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  specifications: recordKind<Specification>({
    name: 'Specification',
    scopeField: 'organizationId',
    unique: [['productId', 'type', 'descriptionKey']],
    fields: {
      id: true,
      organizationId: true,
      productId: true,
      name: true,
      description: true,
      type: true,
      descriptionKey: true,
      metricIds: true,
      testIds: true,
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
  metrics: recordKind<Metric>({
    name: 'Metric',
    scopeField: 'organizationId',
    unique: [['organizationId', 'activeName']],
    fields: {
      id: true,
      organizationId: true,
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
      createdAt: true,
      deletedAt: true,
      version: true,
    },
  }),
};
