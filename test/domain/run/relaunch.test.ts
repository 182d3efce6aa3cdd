import test from 'ava';
import { Conflict, IllegalTransition, InvalidInput } from '../../../domain/errors.ts';
import { createLaunch } from '../../../domain/run/launch.ts';
import {
  callerScores,
  checkRelaunch,
  relaunchRun,
  rescorings,
  type RelaunchSource,
} from '../../../domain/run/relaunch.ts';
import { createRun, type RunStatus } from '../../../domain/run/run.ts';

const NOW = '2026-03-01T00:00:00.000Z';
const source = (status: RunStatus, sessionCount: number): RelaunchSource => ({
  run: {
    ...createRun(
      { productId: 'product_1', versionId: 'version_1' },
      { id: 'run_1', organizationId: 'o', now: NOW, userId: 'u', ordinal: 3, openedBy: 'CALLER', version: null },
    ),
    status,
  },
  launches: [
    createLaunch(
      { runId: 'run_1', kind: 'EVALUATE_SESSION_BATCH', request: { sessionIds: ['s1'] } },
      { id: 'launch_a', organizationId: 'o', now: NOW },
    ),
    createLaunch(
      { runId: 'run_1', kind: 'EVALUATE_SESSION', request: { sessionId: 's2' } },
      { id: 'launch_b', organizationId: 'o', now: NOW },
    ),
  ],
  sessionCount,
});

const rules: {
  rule: string;
  source: RelaunchSource;
  versionId?: string;
  refusal?: new (...args: never[]) => Conflict;
}[] = [
  { rule: 'an ended run with sessions: allowed', source: source('COMPLETED', 2) },
  { rule: 'a FAILED or CANCELLED run too', source: source('CANCELLED', 1) },
  { rule: 'exactly 1000 sessions: allowed', source: source('FAILED', 1000) },
  { rule: 'a RUNNING run: refused', source: source('RUNNING', 2), refusal: IllegalTransition },
  { rule: 'no session covered: refused', source: source('COMPLETED', 0), refusal: Conflict },
  { rule: 'more than 1000 sessions: refused', source: source('COMPLETED', 1001), refusal: Conflict },
];

for (const { rule, source: from, refusal } of rules) {
  test(`relaunch: ${rule}`, (t) => {
    if (refusal) t.throws(() => checkRelaunch(from, {}), { instanceOf: refusal });
    else t.notThrows(() => checkRelaunch(from, {}));
  });
}

test('relaunch: a versionId on a run without launches that generate inferences is invalid input', (t) => {
  const error = t.throws(() => checkRelaunch(source('COMPLETED', 2), { versionId: 'version_2' }), {
    instanceOf: InvalidInput,
  });
  t.is(error.issues[0].path, 'versionId');
});

test('the new run is opened by a launch, points at its source, and repeats each launch QUEUED', (t) => {
  const relaunched = relaunchRun(source('COMPLETED', 2), {
    id: 'run_2',
    organizationId: 'o',
    now: NOW,
    userId: 'user_2',
    ordinal: 4,
    launchIds: ['launch_c', 'launch_d'],
  });
  t.like(relaunched.run, {
    id: 'run_2',
    openedBy: 'LAUNCH',
    relaunchedFromRunId: 'run_1',
    productId: 'product_1',
    versionId: 'version_1',
    ordinal: 4,
    userId: 'user_2',
    status: 'RUNNING',
    customId: null,
  });
  t.deepEqual(
    relaunched.launches.map(({ id, runId, kind, status, request, relaunchedFromLaunchId }) => ({
      id,
      runId,
      kind,
      status,
      request,
      relaunchedFromLaunchId,
    })),
    [
      {
        id: 'launch_c',
        runId: 'run_2',
        kind: 'EVALUATE_SESSION_BATCH',
        status: 'QUEUED',
        request: { sessionIds: ['s1'] },
        relaunchedFromLaunchId: 'launch_a',
      },
      {
        id: 'launch_d',
        runId: 'run_2',
        kind: 'EVALUATE_SESSION',
        status: 'QUEUED',
        request: { sessionId: 's2' },
        relaunchedFromLaunchId: 'launch_b',
      },
    ],
  );
});

test('re-scoring: the same sessions (and turns), each with its metrics once, in order', (t) => {
  const evaluation = (sessionId: string, metricId: string, inferenceResultId: string | null = null) => ({
    sessionId,
    metricId,
    inferenceResultId,
    score: null,
  });
  t.deepEqual(
    rescorings([
      evaluation('s1', 'm1'),
      evaluation('s2', 'm1'),
      evaluation('s1', 'm2'),
      evaluation('s1', 'm1'),
      evaluation('s1', 'm1', 'turn_1'),
    ]),
    [
      { sessionId: 's1', inferenceResultId: null, metricIds: ['m1', 'm2'] },
      { sessionId: 's2', inferenceResultId: null, metricIds: ['m1'] },
      { sessionId: 's1', inferenceResultId: 'turn_1', metricIds: ['m1'] },
    ],
  );
});

test('re-scoring keeps the scores the caller supplied for SELF_HOSTED metrics, and only those', (t) => {
  const scores = callerScores(
    [
      { sessionId: 's1', metricId: 'm_self', inferenceResultId: null, score: 0.3 },
      { sessionId: 's1', metricId: 'm_judge', inferenceResultId: null, score: 0.9 },
      { sessionId: 's2', metricId: 'm_self_unscored', inferenceResultId: null, score: null },
    ],
    [
      { id: 'm_self', source: 'SELF_HOSTED' },
      { id: 'm_self_unscored', source: 'SELF_HOSTED' },
      { id: 'm_judge', source: 'LLM_JUDGE' },
    ],
  );
  t.deepEqual([...scores], [['m_self', 0.3]]);
});

test('relaunch: every kind of launch known today re-scores sessions, so none takes a versionId', (t) => {
  const from = source('COMPLETED', 2);
  for (const kind of ['EVALUATE_SESSION', 'EVALUATE_INFERENCE_RESULT', 'EVALUATE_SESSION_BATCH'] as const)
    t.throws(
      () =>
        checkRelaunch({ ...from, launches: from.launches.map((launch) => ({ ...launch, kind })) }, { versionId: 'v' }),
      { instanceOf: InvalidInput },
    );
});
