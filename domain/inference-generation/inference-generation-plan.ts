import type { Metric } from '../catalog/metric.ts';
import { isActiveMetric } from '../catalog/metric.ts';
import type { Specification } from '../catalog/specification.ts';
import type { Dataset } from '../dataset/dataset.ts';
import type { TestCase } from '../dataset/test-case.ts';
import type { Version } from '../catalog/version.ts';
import { InvalidInput, IssueCollector } from '../errors.ts';

/** The most test cases one from-version launch plays. */
export const MAX_TEST_CASES_PER_LAUNCH = 1000;

/** What a from-version request narrows. */
export interface InferenceGenerationFilter {
  readonly datasetIds?: readonly string[];
  readonly maxTestCases?: number;
}

/** One test case to play, with the specification it comes from and the metrics that score its session. */
export interface PlannedTestCase {
  readonly testCaseId: string;
  readonly specificationId: string;
  readonly metricIds: readonly string[];
}

export interface InferenceGenerationPlan {
  readonly testCases: readonly PlannedTestCase[];
  readonly specifications: readonly { id: string; datasetIds: string[]; metricIds: string[] }[];
  readonly skipped: readonly { specificationId: string; reason: string }[];
}

/**
 * Refuses what a version cannot generate inferences from, every problem together: a version without a live
 * conversation endpoint connection (`connectionLive`), specifications of another product.
 */
export function checkInferenceGenerationTarget(
  version: Pick<Version, 'id' | 'productId' | 'conversationEndpointConnectionId'>,
  connectionLive: boolean,
  specifications: readonly Pick<Specification, 'id' | 'productId'>[],
): void {
  const issues = new IssueCollector();
  issues.check(
    connectionLive,
    'versionId',
    `version ${version.id} has no live conversation endpoint connection: set conversationEndpointConnectionId`,
  );
  const foreign = specifications.filter((specification) => specification.productId !== version.productId);
  issues.check(
    foreign.length === 0,
    'specificationIds',
    `not specifications of the version's product: ${foreign.map((specification) => specification.id).join(', ')}`,
  );
  issues.throwIfAny();
}

/**
 * What a from-version launch plays: per specification, the active test cases of its linked datasets (narrowed to
 * `datasetIds` when given) scored by its active linked metrics; a specification missing either is skipped with the
 * reason. A test case reached from several specifications is played once, scored by all their metrics. No test case
 * at all: InvalidInput. At most `maxTestCases` (and MAX_TEST_CASES_PER_LAUNCH), in specification then test case order.
 */
export function planInferenceGeneration(
  specifications: readonly Specification[],
  datasets: readonly Dataset[],
  testCases: readonly TestCase[],
  metrics: readonly Metric[],
  filter: InferenceGenerationFilter,
): InferenceGenerationPlan {
  const liveDatasets = new Set(datasets.map((dataset) => dataset.id));
  const activeMetrics = new Set(metrics.filter(isActiveMetric).map((metric) => metric.id));
  const allowed = filter.datasetIds ? new Set(filter.datasetIds) : null;
  const byDataset = new Map<string, TestCase[]>();
  for (const testCase of testCases)
    if (testCase.legacyAt === null && testCase.deletedAt === null)
      byDataset.set(testCase.datasetId, [...(byDataset.get(testCase.datasetId) ?? []), testCase]);
  const planned = new Map<string, { testCaseId: string; specificationId: string; metricIds: string[] }>();
  const shown: InferenceGenerationPlan['specifications'][number][] = [];
  const skipped: InferenceGenerationPlan['skipped'][number][] = [];
  for (const specification of specifications) {
    const datasetIds = specification.datasetIds.filter((id) => liveDatasets.has(id) && (!allowed || allowed.has(id)));
    const metricIds = specification.metricIds.filter((id) => activeMetrics.has(id));
    const cases = datasetIds.flatMap((id) => byDataset.get(id) ?? []);
    if (metricIds.length === 0) {
      skipped.push({ specificationId: specification.id, reason: 'the specification has no active linked metric' });
      continue;
    }
    if (cases.length === 0) {
      skipped.push({
        specificationId: specification.id,
        reason: allowed
          ? 'none of the linked datasets asked for has an active test case'
          : 'no linked dataset with an active test case',
      });
      continue;
    }
    shown.push({ id: specification.id, datasetIds, metricIds });
    for (const testCase of cases) {
      const entry = planned.get(testCase.id);
      if (entry) entry.metricIds.push(...metricIds.filter((id) => !entry.metricIds.includes(id)));
      else
        planned.set(testCase.id, {
          testCaseId: testCase.id,
          specificationId: specification.id,
          metricIds: [...metricIds],
        });
    }
  }
  const limit = Math.min(filter.maxTestCases ?? MAX_TEST_CASES_PER_LAUNCH, MAX_TEST_CASES_PER_LAUNCH);
  const chosen = [...planned.values()].slice(0, limit);
  if (chosen.length === 0)
    throw InvalidInput.of(
      'specificationIds',
      `no test case to play: ${skipped.map((entry) => `${entry.specificationId}: ${entry.reason}`).join('; ') || 'the product has no specification'}`,
    );
  return { testCases: chosen, specifications: shown, skipped };
}
