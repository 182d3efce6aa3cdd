import { IssueCollector } from '../errors.ts';
import { checkName, checkText, patch } from '../shared/fields.ts';
import { checkJsonObject } from '../shared/json.ts';
import type { CreationBy } from '../shared/record.ts';
import { checkVoice, type NoiseLevel, type NoiseProfile } from './voice.ts';

export const DATASET_TYPES = ['QUALITY', 'RED_TEAMING', 'SCENARIOS'] as const;
export type DatasetType = (typeof DATASET_TYPES)[number];

/** The type a dataset gets when none is sent. */
export const DEFAULT_DATASET_TYPE: DatasetType = 'QUALITY';

/**
 * A dataset of test cases for one product (wire name: test). `specificationId` is the specification the dataset was
 * written for; sessions of its test cases are scored by that specification's metrics. Name and type are unique
 * together per product. The background noise (profile and level, set together) is the default of its phone runs.
 */
export interface Dataset {
  readonly id: string;
  readonly organizationId: string;
  readonly productId: string;
  readonly specificationId: string | null;
  readonly userId: string;
  readonly name: string;
  readonly type: DatasetType;
  readonly description: string | null;
  readonly metadata: Readonly<Record<string, unknown>> | null;
  readonly backgroundNoiseProfile: NoiseProfile | null;
  readonly backgroundNoiseLevel: NoiseLevel | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewDataset {
  readonly productId: string;
  readonly specificationId?: string | null;
  readonly name: string;
  readonly type?: DatasetType;
  readonly description?: string | null;
  readonly metadata?: Readonly<Record<string, unknown>> | null;
  readonly backgroundNoiseProfile?: NoiseProfile | null;
  readonly backgroundNoiseLevel?: NoiseLevel | null;
}

export type DatasetChanges = Partial<
  Pick<
    Dataset,
    'name' | 'type' | 'description' | 'specificationId' | 'metadata' | 'backgroundNoiseProfile' | 'backgroundNoiseLevel'
  >
>;

/** What checking a dataset needs besides the dataset: whether it is new, and its specification's product (if any). */
interface DatasetCheck {
  readonly creating: boolean;
  readonly specificationProductId: string | null;
}

/** Checks the dataset as it will be stored; the specification, when named, must belong to the dataset's product. */
function validate(
  dataset: Dataset,
  changes: DatasetChanges,
  { creating, specificationProductId }: DatasetCheck,
): Dataset {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, { required: creating });
  checkText(issues, 'description', dataset.description);
  issues.check(DATASET_TYPES.includes(dataset.type), 'type', `must be one of ${DATASET_TYPES.join(', ')}`);
  checkJsonObject(issues, 'metadata', dataset.metadata);
  checkVoice(issues, {
    gender: null,
    backgroundNoiseProfile: dataset.backgroundNoiseProfile,
    backgroundNoiseLevel: dataset.backgroundNoiseLevel,
  });
  if (specificationProductId !== null) {
    issues.check(
      specificationProductId === dataset.productId,
      'specificationId',
      'must be a specification of the same product',
    );
  }
  issues.throwIfAny();
  return dataset;
}

/** A new dataset; `specificationProductId` is the product of the specification it names, null when none. */
export function createDataset(
  input: NewDataset,
  { id, organizationId, userId, now, specificationProductId }: CreationBy & { specificationProductId: string | null },
): Dataset {
  const dataset: Dataset = {
    id,
    organizationId,
    productId: input.productId,
    specificationId: input.specificationId ?? null,
    userId,
    name: typeof input.name === 'string' ? input.name.trim() : input.name,
    type: input.type ?? DEFAULT_DATASET_TYPE,
    description: input.description ?? null,
    metadata: input.metadata ?? null,
    backgroundNoiseProfile: input.backgroundNoiseProfile ?? null,
    backgroundNoiseLevel: input.backgroundNoiseLevel ?? null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
  return validate(dataset, input, { creating: true, specificationProductId });
}

export function updateDataset(
  dataset: Dataset,
  changes: DatasetChanges,
  specificationProductId: string | null,
): Dataset {
  const next = patch(dataset, {
    ...changes,
    name: typeof changes.name === 'string' ? changes.name.trim() : changes.name,
  });
  return validate(next, changes, { creating: false, specificationProductId });
}

/**
 * Links a dataset to a specification of its own product. A dataset belongs to at most one specification, so linking
 * moves it: `previousSpecificationId` names the specification that must drop it (null when there is none).
 */
export function attachToSpecification(
  dataset: Dataset,
  specification: { id: string; productId: string },
  path: string,
): { dataset: Dataset; previousSpecificationId: string | null } {
  const issues = new IssueCollector();
  issues.check(specification.productId === dataset.productId, path, `test ${dataset.id} belongs to another product`);
  issues.throwIfAny();
  const previous = dataset.specificationId !== specification.id ? dataset.specificationId : null;
  return { dataset: { ...dataset, specificationId: specification.id }, previousSpecificationId: previous };
}
