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
      launchId: 'launch_1',
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

/** countBy, tallyScores and skipPending: one statement each, the same answers on every adapter. */
const inLaunch = (id: string, launchId: string, sessionId: string, metricId: string) => ({
  ...created(id, '2026-02-02T10:00:00.000Z'),
  runId: launchId === 'launch_c' ? 'run_2' : 'run_1',
  launchId,
  sessionId,
  metricId,
});

for (const [name, open] of Object.entries(worlds)) {
  test(`[${name}] counts per run and launch, score tallies, and skipping what a launch left PENDING`, async (t) => {
    const world = await open();
    try {
      const { evaluations, uow } = world.storage;
      const rows = [
        inLaunch('evaluation_1', 'launch_a', 'session_1', 'metric_x'),
        inLaunch('evaluation_2', 'launch_a', 'session_1', 'metric_y'),
        inLaunch('evaluation_3', 'launch_b', 'session_2', 'metric_x'),
        inLaunch('evaluation_4', 'launch_b', 'session_3', 'metric_x'),
        inLaunch('evaluation_5', 'launch_c', 'session_3', 'metric_x'),
        { ...inLaunch('evaluation_6', 'launch_c', 'session_4', 'metric_x'), organizationId: 'organization_other' },
      ];
      await evaluations.insertMany(rows);
      const at = '2026-02-02T10:01:00.000Z';
      await evaluations.recordOutcomes([
        applyVerdict(rows[0], { kind: 'scored', score: 0.2, reason: null }, at),
        applyVerdict(rows[2], { kind: 'scored', score: 0.8, reason: null }, at),
        applyVerdict(rows[3], { kind: 'failed', error: 'timeout', canRetry: true }, at),
      ]);

      const byRun = await evaluations.countBy('organization_e', 'runId', [
        { field: 'runId', op: 'in', values: ['run_1', 'run_2', 'run_none'] },
      ]);
      t.deepEqual(Object.fromEntries(byRun), {
        run_1: { evaluations: 4, sessions: 3 },
        run_2: { evaluations: 1, sessions: 1 },
      });
      const pendingByLaunch = await evaluations.countBy('organization_e', 'launchId', [
        { field: 'status', op: 'eq', value: 'PENDING' },
      ]);
      t.deepEqual(Object.fromEntries(pendingByLaunch), {
        launch_a: { evaluations: 1, sessions: 1 },
        launch_c: { evaluations: 1, sessions: 1 },
      });

      const tallies = await evaluations.tallyScores('organization_e', [{ field: 'runId', op: 'eq', value: 'run_1' }]);
      t.deepEqual(
        [...tallies].sort((a, b) => `${a.metricId}${a.status}`.localeCompare(`${b.metricId}${b.status}`)),
        [
          { metricId: 'metric_x', status: 'FAILED', evaluations: 1, scored: 0, sum: 0, min: null, max: null },
          { metricId: 'metric_x', status: 'SUCCESS', evaluations: 2, scored: 2, sum: 1, min: 0.2, max: 0.8 },
          { metricId: 'metric_y', status: 'PENDING', evaluations: 1, scored: 0, sum: 0, min: null, max: null },
        ],
      );

      const skippedAt = '2026-02-02T10:02:00.000Z';
      const skipped = await uow.transaction(() =>
        evaluations.skipPending(
          'organization_e',
          [{ field: 'launchId', op: 'in', values: ['launch_a', 'launch_b'] }],
          { error: 'launch cancelled', canRetry: true },
          skippedAt,
        ),
      );
      t.is(skipped, 1, 'only the PENDING one of those launches');
      t.deepEqual(await evaluations.get('organization_e', 'evaluation_2'), {
        ...applyVerdict(rows[1], { kind: 'skipped', error: 'launch cancelled', canRetry: true }, skippedAt),
        version: 1,
      });
      t.like(await evaluations.get('organization_e', 'evaluation_1'), { status: 'SUCCESS', version: 1 });
      t.like(await evaluations.get('organization_e', 'evaluation_5'), { status: 'PENDING', version: 0 });
      t.like(await evaluations.get('organization_other', 'evaluation_6'), { status: 'PENDING', version: 0 });
      t.deepEqual(
        await evaluations.recordOutcomes([applyVerdict(rows[1], { kind: 'scored', score: 1, reason: null }, at)]),
        [],
        'a worker that read the row before the skip writes nothing',
      );
    } finally {
      await world.close();
    }
  });
}
