import test from 'ava';
import { applyVerdict, createEvaluation } from '../../domain/evaluation/evaluation.ts';
import { openStorage, storageNames } from '../support/storage-worlds.ts';

/** EvaluationStore.recordOutcomes: writes rows whose stored version matches, skips the others, round-trips every field. */
const worlds = Object.fromEntries((await storageNames()).map((name) => [name, () => openStorage(name)]));

const created = (id: string, at: string) =>
  createEvaluation(
    {
      id,
      organizationId: 'organization_e',
      metricId: 'metric_1',
      sessionId: 'session_1',
      userId: 'user_1',
      testCaseId: 'testCase_1',
      inferenceResultId: null,
      runId: 'run_1',
      versionId: 'version_1',
      metricLegacyAt: null,
      metricDisabledAt: '2026-01-01T00:00:00.000Z',
    },
    at,
  );

for (const [name, open] of Object.entries(worlds)) {
  test(`[${name}] recordOutcomes writes current rows once and skips stale ones`, async (t) => {
    const world = await open();
    try {
      const { evaluations, uow } = world.storage;
      const a = created('evaluation_a', '2026-02-01T10:00:00.000Z');
      const b = created('evaluation_b', '2026-02-01T10:00:01.000Z');
      await evaluations.insertMany([a, b]);
      const scoredA = applyVerdict(
        a,
        { kind: 'scored', score: 0.25, reason: "it's fine", creditsUsed: 1 },
        '2026-02-01T10:00:05.123Z',
      );
      const failedB = applyVerdict(b, { kind: 'failed', error: 'timeout', canRetry: true }, '2026-02-01T10:00:06.000Z');
      t.deepEqual((await uow.transaction(() => evaluations.recordOutcomes([scoredA, failedB]))).sort(), [
        'evaluation_a',
        'evaluation_b',
      ]);
      t.deepEqual(
        await evaluations.recordOutcomes([
          applyVerdict(a, { kind: 'scored', score: 1, reason: null }, '2026-02-01T10:00:09.000Z'),
        ]),
        [],
      );
      t.deepEqual(await evaluations.get('organization_e', 'evaluation_a'), { ...scoredA, version: 1 });
      t.deepEqual(await evaluations.get('organization_e', 'evaluation_b'), { ...failedB, version: 1 });
      const sorted = await evaluations.list('organization_e', {
        where: [{ field: 'evaluatedAt', op: 'gte', value: '2026-02-01T10:00:05.500Z' }],
        sort: [{ field: 'evaluatedAt', direction: 'asc' }],
      });
      t.deepEqual(
        sorted.map((evaluation) => evaluation.id),
        ['evaluation_b'],
      );
      t.deepEqual(
        await evaluations.recordOutcomes([{ ...scoredA, organizationId: 'organization_other', version: 1 }]),
        [],
      );
    } finally {
      await world.close();
    }
  });
}
