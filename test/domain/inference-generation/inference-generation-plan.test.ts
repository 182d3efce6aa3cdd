import test from 'ava';
import { createMetric } from '../../../domain/catalog/metric.ts';
import { createSpecification } from '../../../domain/catalog/specification.ts';
import { createDataset } from '../../../domain/dataset/dataset.ts';
import { createTestCase } from '../../../domain/dataset/test-case.ts';
import { InvalidInput } from '../../../domain/errors.ts';
import { planInferenceGeneration } from '../../../domain/inference-generation/inference-generation-plan.ts';
import {
  addOutcome,
  inferenceGenerationDone,
  startProgress,
} from '../../../domain/inference-generation/inference-generation-progress.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const at = { organizationId: 'org', now: NOW };
const metric = (id: string, disabled = false) => ({
  ...createMetric({ name: id, source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' }, { id, ...at }),
  disabledAt: disabled ? NOW : null,
});
const dataset = (id: string) =>
  createDataset({ productId: 'p', name: id }, { id, ...at, userId: 'u', specificationProductId: null });
const testCase = (id: string, datasetId: string, legacy = false) => ({
  ...createTestCase({ datasetId, input: { user_message: id } }, { id, ...at, userId: 'u' }),
  legacyAt: legacy ? NOW : null,
});
const spec = (id: string, datasetIds: string[], metricIds: string[]) => ({
  ...createSpecification({ productId: 'p', name: id }, { id, ...at }),
  datasetIds,
  metricIds,
});

const datasets = [dataset('d1'), dataset('d2')];
const cases = [testCase('c1', 'd1'), testCase('c2', 'd1', true), testCase('c3', 'd2')];
const metrics = [metric('m1'), metric('m2'), metric('off', true)];

test('each specification plays the active test cases of its datasets, scored by its active metrics', (t) => {
  const plan = planInferenceGeneration([spec('s1', ['d1'], ['m1', 'off'])], datasets, cases, metrics, {});
  t.deepEqual(plan.testCases, [{ testCaseId: 'c1', specificationId: 's1', metricIds: ['m1'] }]);
  t.deepEqual(plan.specifications, [{ id: 's1', datasetIds: ['d1'], metricIds: ['m1'] }]);
});

test('a specification without active metrics, or without test cases, is skipped with the reason', (t) => {
  const plan = planInferenceGeneration(
    [spec('s1', ['d1'], ['off']), spec('s2', [], ['m1']), spec('s3', ['d2'], ['m2'])],
    datasets,
    cases,
    metrics,
    {},
  );
  t.deepEqual(
    plan.skipped.map((entry) => entry.specificationId),
    ['s1', 's2'],
  );
  t.deepEqual(
    plan.testCases.map((entry) => entry.testCaseId),
    ['c3'],
  );
});

test('a test case reached twice is played once with both metrics; datasetIds and maxTestCases narrow', (t) => {
  const both = planInferenceGeneration(
    [spec('s1', ['d1', 'd2'], ['m1']), spec('s2', ['d1'], ['m2'])],
    datasets,
    cases,
    metrics,
    {},
  );
  t.deepEqual(both.testCases[0], { testCaseId: 'c1', specificationId: 's1', metricIds: ['m1', 'm2'] });
  const narrowed = planInferenceGeneration([spec('s1', ['d1', 'd2'], ['m1'])], datasets, cases, metrics, {
    datasetIds: ['d2'],
  });
  t.deepEqual(
    narrowed.testCases.map((entry) => entry.testCaseId),
    ['c3'],
  );
  const capped = planInferenceGeneration([spec('s1', ['d1', 'd2'], ['m1'])], datasets, cases, metrics, {
    maxTestCases: 1,
  });
  t.is(capped.testCases.length, 1);
});

test('nothing to play is invalid input naming the reasons', (t) => {
  const error = t.throws(() => planInferenceGeneration([spec('s1', ['d1'], [])], datasets, cases, metrics, {}), {
    instanceOf: InvalidInput,
  });
  t.regex(error.message, /s1: the specification has no active linked metric/);
});

test('progress: done once every test case has an outcome', (t) => {
  let progress = startProgress(3);
  progress = addOutcome(progress, { kind: 'done', evaluationsCreated: 2 });
  progress = addOutcome(progress, { kind: 'failed' });
  t.false(inferenceGenerationDone(progress));
  progress = addOutcome(progress, { kind: 'cancelled' });
  t.true(inferenceGenerationDone(progress));
  t.like(progress, { sessionsDone: 1, sessionsFailed: 1, skippedCancelled: 1, evaluationsCreated: 2 });
});
