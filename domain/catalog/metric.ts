import { IllegalTransition, IssueCollector } from '../errors.ts';
import { checkName, checkStrings, checkText, patch, unique } from '../shared/fields.ts';
import type { Creation } from '../shared/record.ts';

import {
  ALGORITHM_READS,
  DETERMINISTIC_ALGORITHMS,
  type DeterministicAlgorithm,
  EVALUATION_PARAMS,
  type EvaluationParam,
  METRIC_SOURCES,
  type MetricSource,
} from './metric-kinds.ts';

/** What a metric reads when the caller names nothing. */
const DEFAULT_PARAMS: readonly EvaluationParam[] = ['input', 'actualOutput'];

/**
 * How a session is scored. Metrics are revisioned: creating a metric with `parentMetricId` starts a new revision in
 * the parent's family (`metricGroupId`) and stamps the parent `legacyAt`, so past scores keep the definition that
 * produced them. A revision's scoring definition never changes. `activeName` is the name while the metric is the live
 * head (unique per organization); null once superseded or deleted.
 */
export interface Metric {
  readonly id: string;
  readonly organizationId: string;
  readonly name: string;
  readonly description: string | null;
  readonly tags: readonly string[];
  readonly source: MetricSource;
  readonly judgePrompt: string | null;
  readonly evaluationParams: readonly EvaluationParam[];
  readonly judgeModel: string | null;
  readonly algorithm: DeterministicAlgorithm | null;
  readonly metricGroupId: string;
  readonly parentMetricId: string | null;
  readonly legacyAt: string | null;
  readonly disabledAt: string | null;
  readonly activeName: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** Fields that define how a metric scores: fixed for the life of a revision. */
export const SCORING_FIELDS = ['source', 'judgePrompt', 'evaluationParams', 'judgeModel', 'algorithm'] as const;

export interface MetricDefinition {
  readonly name?: string;
  readonly description?: string | null;
  readonly tags?: readonly string[];
  readonly source?: MetricSource;
  readonly judgePrompt?: string | null;
  readonly evaluationParams?: readonly EvaluationParam[] | null;
  readonly judgeModel?: string | null;
  readonly algorithm?: DeterministicAlgorithm | null;
  /** User groups whose reviewers score the metric: links kept with the groups (domain/review), not on the metric. */
  readonly userGroupIds?: readonly string[];
}

/** A metric as it is shown: with the ids of the user groups linked to it. */
export type LinkedMetric = Metric & { readonly userGroupIds: readonly string[] };

/** A new metric: `name` and `source` are required unless `parentMetricId` names the revision it supersedes. */
export type NewMetric = MetricDefinition & { readonly parentMetricId?: string | null };

/** What a PATCH may change: the presentation of a revision, and whether it is disabled. */
export interface MetricChanges {
  readonly name?: string;
  readonly description?: string | null;
  readonly tags?: readonly string[];
  readonly disabledAt?: string | null;
}

function validate(metric: Metric, issues = new IssueCollector()): void {
  checkName(issues, 'name', metric.name, { required: true });
  checkText(issues, 'description', metric.description);
  checkText(issues, 'judgePrompt', metric.judgePrompt);
  checkName(issues, 'judgeModel', metric.judgeModel, { nullable: true });
  checkStrings(issues, 'tags', metric.tags);
  metric.evaluationParams.forEach((param, index) => {
    issues.check(
      EVALUATION_PARAMS.includes(param),
      `evaluationParams.${index}`,
      `must be one of ${EVALUATION_PARAMS.join(', ')}`,
    );
  });
  const { source } = metric;
  if (source === 'LLM_JUDGE')
    issues.check(!!metric.judgePrompt?.trim(), 'judgePrompt', 'is required for an LLM_JUDGE metric');
  if (source !== 'LLM_JUDGE')
    issues.check(metric.judgeModel === null, 'judgeModel', 'applies to LLM_JUDGE metrics only');
  if (source === 'DETERMINISTIC') {
    issues.check(metric.judgePrompt === null, 'judgePrompt', 'does not apply to a DETERMINISTIC metric');
    if (metric.algorithm === null) issues.add('algorithm', 'is required for a DETERMINISTIC metric');
    else if (!DETERMINISTIC_ALGORITHMS.includes(metric.algorithm))
      issues.add('algorithm', `must be one of ${DETERMINISTIC_ALGORITHMS.join(', ')}`);
    else {
      const missing = ALGORITHM_READS[metric.algorithm].filter((param) => !metric.evaluationParams.includes(param));
      issues.check(missing.length === 0, 'evaluationParams', `${metric.algorithm} reads ${missing.join(', ')}`);
    }
  } else {
    issues.check(metric.algorithm === null, 'algorithm', 'applies to DETERMINISTIC metrics only');
  }
  issues.throwIfAny();
}

/** The params a metric reads: the caller's, else what its algorithm needs, else input and actual output. */
function paramsFor(
  definition: Pick<Metric, 'source' | 'algorithm'>,
  given: readonly EvaluationParam[] | null | undefined,
): EvaluationParam[] {
  if (given) return unique(given) as EvaluationParam[];
  if (definition.source === 'DETERMINISTIC' && definition.algorithm && definition.algorithm in ALGORITHM_READS) {
    return [...ALGORITHM_READS[definition.algorithm]];
  }
  return [...DEFAULT_PARAMS];
}

/** The definition a revision starts from: what the caller sent, else the parent's (scoring only when the source is kept). */
function inherit(input: NewMetric, parent: Metric | null): NewMetric {
  if (!parent) return input;
  const given = Object.fromEntries(Object.entries(input).filter(([, value]) => value !== undefined)) as NewMetric;
  const base: MetricDefinition = {
    name: parent.name,
    description: parent.description,
    tags: parent.tags,
  };
  const source = given.source ?? parent.source;
  if (source !== parent.source) return { ...base, ...given };
  const sameAlgorithm = (given.algorithm === undefined ? parent.algorithm : given.algorithm) === parent.algorithm;
  const scoring: MetricDefinition = {
    source: parent.source,
    judgePrompt: parent.judgePrompt,
    judgeModel: parent.judgeModel,
    algorithm: parent.algorithm,
    evaluationParams: sameAlgorithm ? parent.evaluationParams : undefined,
  };
  return { ...base, ...scoring, ...given };
}

/**
 * A new metric, or with `parent` a new revision of the parent's family (the caller stamps the parent with
 * `supersedeMetric`). Only the live head may be revised: a superseded parent is an IllegalTransition.
 */
export function createMetric(
  input: NewMetric,
  { id, organizationId, now, parent = null }: Creation & { parent?: Metric | null },
): Metric {
  if (parent && parent.legacyAt !== null) {
    throw new IllegalTransition(
      'superseded',
      'revise',
      `Metric ${parent.id} was already superseded by a newer revision; revise the latest one`,
    );
  }
  const definition = inherit(input, parent);
  const issues = new IssueCollector();
  if (definition.name === undefined) issues.add('name', 'is required');
  if (definition.source === undefined) issues.add('source', 'is required');
  else
    issues.check(METRIC_SOURCES.includes(definition.source), 'source', `must be one of ${METRIC_SOURCES.join(', ')}`);
  checkStrings(issues, 'userGroupIds', input.userGroupIds);
  issues.throwIfAny();
  const source = definition.source as MetricSource;
  const name = (definition.name as string).trim();
  const algorithm = definition.algorithm ?? null;
  const metric: Metric = {
    id,
    organizationId,
    name,
    description: definition.description ?? null,
    tags: unique(definition.tags ?? []),
    source,
    judgePrompt: definition.judgePrompt ?? null,
    evaluationParams: paramsFor({ source, algorithm }, definition.evaluationParams),
    judgeModel: definition.judgeModel ?? null,
    algorithm,
    metricGroupId: parent?.metricGroupId ?? id,
    parentMetricId: parent?.id ?? null,
    legacyAt: null,
    disabledAt: null,
    activeName: name,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
  validate(metric);
  return metric;
}

/** The parent of a new revision: superseded, its name free for the new head. */
export const supersedeMetric = (parent: Metric, now: string): Metric => ({
  ...parent,
  legacyAt: now,
  activeName: null,
});

/**
 * Applies a PATCH: name, description, tags and `disabledAt` only. The scoring definition never changes (a new
 * revision does that), and a superseded revision is frozen (IllegalTransition).
 */
export function changeMetric(metric: Metric, changes: MetricChanges): Metric {
  const refused = SCORING_FIELDS.filter((field) => field in changes);
  if (refused.length > 0) {
    const issues = new IssueCollector();
    for (const field of refused)
      issues.add(field, 'is part of the scoring definition and cannot change: create a revision with parentMetricId');
    issues.throwIfAny();
  }
  if (metric.legacyAt !== null)
    throw new IllegalTransition(
      'superseded',
      'change',
      `Metric ${metric.id} was superseded by a newer revision; change the latest one`,
    );
  const name = typeof changes.name === 'string' ? changes.name.trim() : metric.name;
  const next: Metric = patch(metric, {
    ...changes,
    name,
    activeName: name,
    tags: changes.tags && unique(changes.tags),
  });
  validate(next);
  return next;
}

/** Whether evaluations may still use the metric: live head, not disabled. */
export const isActiveMetric = (metric: Metric): boolean =>
  metric.deletedAt === null && metric.legacyAt === null && metric.disabledAt === null;
