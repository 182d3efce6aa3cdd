import { IssueCollector } from '../errors.ts';
import type { Metric } from './metric.ts';
import { checkName, checkText, LIST_LIMIT, patch, unique } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';
import { textKey } from './text-key.ts';

export const SPECIFICATION_TYPES = ['CAPABILITY', 'INABILITY', 'POLICY'] as const;
export type SpecificationType = (typeof SPECIFICATION_TYPES)[number];

/**
 * What a product should do: a specification of one product, linked to the metrics that judge it and to the datasets
 * (datasets) written for it. Description and type are unique together per product (`descriptionKey` carries the
 * description into the unique index). A dataset belongs to at most one specification.
 */
export interface Specification {
  readonly id: string;
  readonly organizationId: string;
  readonly productId: string;
  readonly name: string;
  readonly description: string | null;
  readonly type: SpecificationType;
  readonly descriptionKey: string | null;
  readonly metricIds: readonly string[];
  readonly datasetIds: readonly string[];
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewSpecification {
  readonly productId: string;
  readonly name: string;
  readonly description?: string | null;
  readonly type?: SpecificationType;
}

export type SpecificationChanges = Partial<Pick<Specification, 'name' | 'description' | 'type'>>;

/** The type a specification gets when none is sent. */
export const DEFAULT_SPECIFICATION_TYPE: SpecificationType = 'CAPABILITY';

/** How many metrics or datasets one specification may link. */
export const SPECIFICATION_LINK_LIMIT = LIST_LIMIT;

function validate(changes: SpecificationChanges, { creating }: { creating: boolean }): void {
  const issues = new IssueCollector();
  checkName(issues, 'name', changes.name, { required: creating });
  checkText(issues, 'description', changes.description);
  if (typeof changes.description === 'string')
    issues.check(changes.description.trim().length > 0, 'description', 'must not be empty (send null for none)');
  if (changes.type !== undefined)
    issues.check(
      SPECIFICATION_TYPES.includes(changes.type),
      'type',
      `must be one of ${SPECIFICATION_TYPES.join(', ')}`,
    );
  issues.throwIfAny();
}

/** The unique-index key of a description: trimmed, exact case; none for no description. */
const descriptionKey = (description: string | null): string | null =>
  description === null ? null : textKey(description.trim());

export function createSpecification(input: NewSpecification, { id, organizationId, now }: Creation): Specification {
  validate(input, { creating: true });
  return {
    id,
    organizationId,
    productId: input.productId,
    name: input.name.trim(),
    description: input.description ?? null,
    type: input.type ?? DEFAULT_SPECIFICATION_TYPE,
    descriptionKey: descriptionKey(input.description ?? null),
    metricIds: [],
    datasetIds: [],
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

export function updateSpecification(specification: Specification, changes: SpecificationChanges): Specification {
  validate(changes, { creating: false });
  const next = patch(specification, { ...changes, name: changes.name?.trim() });
  return { ...next, descriptionKey: descriptionKey(next.description) };
}

function checkLimit(path: string, count: number): void {
  const issues = new IssueCollector();
  issues.check(count <= SPECIFICATION_LINK_LIMIT, path, `a specification links at most ${SPECIFICATION_LINK_LIMIT}`);
  issues.throwIfAny();
}

/** Adds metric links (live head revisions only); linking a metric twice keeps one link. */
export function linkMetrics(
  specification: Specification,
  metrics: readonly Pick<Metric, 'id' | 'legacyAt'>[],
): Specification {
  const issues = new IssueCollector();
  for (const [index, metric] of metrics.entries()) {
    issues.check(
      metric.legacyAt === null,
      `metricIds.${index}`,
      `metric ${metric.id} was superseded by a newer revision`,
    );
  }
  issues.throwIfAny();
  const next = unique([...specification.metricIds, ...metrics.map((metric) => metric.id)]);
  checkLimit('metricIds', next.length);
  return { ...specification, metricIds: next };
}

export function unlinkMetrics(specification: Specification, metricIds: readonly string[]): Specification {
  const removed = new Set(metricIds);
  return { ...specification, metricIds: specification.metricIds.filter((id) => !removed.has(id)) };
}

/** Swaps a superseded metric revision (`from`) for its successor (`to`), keeping the link's position. */
export function replaceMetric(specification: Specification, { from, to }: { from: string; to: string }): Specification {
  return { ...specification, metricIds: unique(specification.metricIds.map((id) => (id === from ? to : id))) };
}

export function linkDatasets(specification: Specification, datasetIds: readonly string[]): Specification {
  const next = unique([...specification.datasetIds, ...datasetIds]);
  checkLimit('datasetIds', next.length);
  return { ...specification, datasetIds: next };
}

export function unlinkDatasets(specification: Specification, datasetIds: readonly string[]): Specification {
  const removed = new Set(datasetIds);
  return { ...specification, datasetIds: specification.datasetIds.filter((id) => !removed.has(id)) };
}
