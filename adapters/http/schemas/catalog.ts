import { z } from 'zod';
import { takenFromWire } from './wire-names.ts';
import type { LinkedMetric, MetricChanges, NewMetric } from '../../../domain/catalog/metric.ts';
import { DETERMINISTIC_ALGORITHMS, EVALUATION_PARAMS, METRIC_SOURCES } from '../../../domain/catalog/metric-kinds.ts';
import type { NewProduct, Product, ProductChanges } from '../../../domain/catalog/product.ts';
import {
  SPECIFICATION_TYPES,
  type NewSpecification,
  type Specification,
  type SpecificationChanges,
} from '../../../domain/catalog/specification.ts';
import type { UpdatedVersion } from '../../../application/catalog/update-version.ts';
import type { NewVersion, Version, VersionChanges } from '../../../domain/catalog/version.ts';
import { jsonObject, listQuery, nameFilters, nullableTimestamp, optionalText, q, recordName } from './common.ts';
import { lifecycleTimestamps, ownedRecordIds, recordResponse, requestBody } from './record-fields.ts';

const ids = z.array(z.string().min(1)).max(1000);

const metadata = jsonObject.nullable().describe('Free-form fields of the caller (a JSON object)');

export const product = recordResponse<Product, 'version'>({ id: 'Product' })({
  ...ownedRecordIds,
  name: z.string(),
  description: z.string().nullable(),
  metadata,
  ...lifecycleTimestamps,
});
export const productCreate = requestBody<NewProduct>({ id: 'ProductCreate' })({
  name: recordName,
  description: optionalText,
  metadata: metadata.optional(),
});
export const productUpdate = requestBody<ProductChanges>({ id: 'ProductUpdate' })({
  name: recordName.optional(),
  description: optionalText,
  metadata: metadata.optional(),
});
export const productQuery = listQuery({ filters: nameFilters, sort: ['createdAt', 'name', 'id'] });

const versionShape = {
  ...ownedRecordIds,
  productId: z.string(),
  number: z.number().int().describe('Per-product number starting at 1, never reused'),
  name: z.string().nullable(),
  description: z.string().nullable(),
  systemPrompt: z.string().nullable(),
  parentVersionId: z.string().nullable(),
  conversationEndpointConnectionId: z.string().nullable(),
  modelId: z
    .string()
    .nullable()
    .describe('The model (price record) the version calls: prices its turns whose own model matches none'),
  ...lifecycleTimestamps,
};
export const version = recordResponse<Version, 'version'>({ id: 'Version' })(versionShape);
export const versionUpdated = recordResponse<UpdatedVersion, 'version'>({ id: 'VersionUpdated' })({
  ...versionShape,
  repricingId: z
    .string()
    .nullable()
    .describe(
      "The repricing job this change queued (a new modelId re-prices the version's turns; follow it at " +
        'GET /repricings/{id}); null when the model stayed the same',
    ),
});
const versionFields = {
  name: recordName.nullable().optional(),
  description: optionalText,
  systemPrompt: optionalText,
  conversationEndpointConnectionId: z.string().min(1).nullable().optional(),
  modelId: z.string().min(1).max(80).nullable().optional(),
};
export const versionCreate = requestBody<NewVersion>({ id: 'VersionCreate' })({
  productId: z.string().min(1),
  parentVersionId: z.string().min(1).nullable().optional(),
  ...versionFields,
});
export const versionUpdate = requestBody<VersionChanges>({ id: 'VersionUpdate' })(versionFields);
export const versionQuery = listQuery({
  filters: {
    ...nameFilters,
    productIds: q.strings(),
    numbers: q.list(q.integerItem()),
  },
  sort: ['createdAt', 'number', 'name', 'id'],
});

export const specification = recordResponse<Specification, 'descriptionKey' | 'version'>({ id: 'Specification' })({
  ...ownedRecordIds,
  productId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  type: z.enum(SPECIFICATION_TYPES),
  metricIds: z.array(z.string()),
  testIds: z.array(z.string()),
  ...lifecycleTimestamps,
});
const specificationType = z.enum(SPECIFICATION_TYPES);
export const specificationCreate = requestBody<NewSpecification>({ id: 'SpecificationCreate' })({
  productId: z.string().min(1),
  name: recordName,
  description: optionalText.describe('Unique per product together with type (when not null)'),
  type: specificationType.optional().describe('Default CAPABILITY'),
});
export const specificationUpdate = requestBody<SpecificationChanges>({ id: 'SpecificationUpdate' })({
  name: recordName.optional(),
  description: optionalText,
  type: specificationType.optional(),
});
export const specificationQuery = listQuery({
  filters: {
    productIds: q.strings(),
    ...nameFilters,
    types: q.enums(SPECIFICATION_TYPES),
  },
  sort: ['createdAt', 'name', 'type', 'id'],
});
export const metricLinks = z.strictObject({ metricIds: ids.min(1) }).meta({ id: 'SpecificationMetricLinks' });
export const testLinks = takenFromWire(z.strictObject({ testIds: ids.min(1) })).meta({ id: 'SpecificationTestLinks' });

export const metric = recordResponse<LinkedMetric, 'activeName' | 'version'>({ id: 'Metric' })({
  ...ownedRecordIds,
  name: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  source: z.enum(METRIC_SOURCES),
  judgePrompt: z.string().nullable(),
  evaluationParams: z.array(z.enum(EVALUATION_PARAMS)),
  judgeModel: z.string().nullable(),
  algorithm: z.enum(DETERMINISTIC_ALGORITHMS).nullable(),
  userGroupIds: z.array(z.string()),
  metricGroupId: z.string().describe('Revision family: shared by every revision of the metric'),
  parentMetricId: z.string().nullable().describe('The revision this one was forked from; null for the first'),
  legacyAt: nullableTimestamp.describe('Set when a newer revision superseded this one'),
  disabledAt: nullableTimestamp,
  ...lifecycleTimestamps,
});
const tags = z.array(z.string()).max(1000).optional();
export const metricCreate = requestBody<NewMetric>({ id: 'MetricCreate' })({
  name: recordName.optional().describe('Required unless parentMetricId is given (then the parent’s by default)'),
  source: z.enum(METRIC_SOURCES).optional().describe('Required unless parentMetricId is given'),
  description: optionalText,
  tags,
  judgePrompt: optionalText,
  evaluationParams: z.array(z.enum(EVALUATION_PARAMS)).nullable().optional(),
  judgeModel: z.string().max(255).nullable().optional(),
  algorithm: z.enum(DETERMINISTIC_ALGORITHMS).nullable().optional(),
  userGroupIds: ids
    .optional()
    .describe(
      'User groups to link. A MEMBER may name only groups they belong to, and for a revision only groups that linked its parent (403).',
    ),
  parentMetricId: z
    .string()
    .min(1)
    .nullable()
    .optional()
    .describe(
      'Starts a new revision of this metric’s family; it must be the live head, and it gets legacyAt. ' +
        'Omitted fields are the parent’s.',
    ),
});
export const metricUpdate = requestBody<MetricChanges>({ id: 'MetricUpdate' })({
  name: recordName.optional(),
  description: optionalText,
  tags,
  disabledAt: z.iso
    .datetime({ offset: true })
    .transform((value) => new Date(value).toISOString())
    .nullable()
    .optional()
    .describe('Set to disable the metric, null to enable it'),
});
export const metricQuery = listQuery({
  filters: {
    ...nameFilters,
    sources: q.enums(METRIC_SOURCES),
    metricGroupIds: q.strings(),
    includeLegacy: q.boolean(),
  },
  sort: ['createdAt', 'name', 'id'],
});
