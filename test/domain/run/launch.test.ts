import test from 'ava';
import { IllegalTransition } from '../../../domain/errors.ts';
import {
  cancelLaunch,
  createLaunch,
  failLaunch,
  isLaunchOpen,
  LAUNCH_STATUSES,
  launchRequest,
  settleLaunch,
  startLaunch,
  transition,
  type Launch,
  type LaunchEvent,
  type LaunchStatus,
} from '../../../domain/run/launch.ts';
import { transitionTable } from '../../support/transition-table.ts';

const NOW = '2026-03-01T00:00:00.000Z';
const LATER = '2026-03-01T00:05:00.000Z';
const queued = (): Launch =>
  createLaunch(
    { runId: 'run_1', kind: 'EVALUATE_SESSION', request: { sessionId: 'session_1' } },
    { id: 'launch_1', organizationId: 'o', now: NOW },
  );
const inStatus = (status: LaunchStatus): Launch => ({ ...queued(), status });

const legal: [LaunchStatus, LaunchEvent, LaunchStatus][] = [
  ['QUEUED', 'start', 'RUNNING'],
  ['QUEUED', 'fail', 'FAILED'],
  ['QUEUED', 'cancel', 'CANCELLED'],
  ['RUNNING', 'finish', 'COMPLETED'],
  ['RUNNING', 'fail', 'FAILED'],
  ['RUNNING', 'cancel', 'CANCELLED'],
];
transitionTable('launch ', {
  states: LAUNCH_STATUSES,
  events: ['start', 'finish', 'fail', 'cancel'],
  legal,
  transition,
});

test('a new launch is QUEUED with the request as received; starting it stamps startedAt', (t) => {
  const launch = queued();
  t.like(launch, { status: 'QUEUED', error: null, startedAt: null, finishedAt: null, relaunchedFromLaunchId: null });
  t.deepEqual(launch.request, { sessionId: 'session_1' });
  t.like(startLaunch(launch, LATER), { status: 'RUNNING', startedAt: LATER, finishedAt: null });
});

test('the stored request is the JSON form of the body: undefined fields drop out', (t) => {
  t.deepEqual(launchRequest({ sessionIds: ['a'], metrics: undefined, runId: 'run_1' }), {
    sessionIds: ['a'],
    runId: 'run_1',
  });
});

test('cancel and fail end a launch with finishedAt; fail records why; an ended launch refuses, naming itself', (t) => {
  t.like(cancelLaunch(inStatus('RUNNING'), LATER), { status: 'CANCELLED', finishedAt: LATER });
  t.like(failLaunch(inStatus('QUEUED'), 'nothing to repeat', LATER), {
    status: 'FAILED',
    error: 'nothing to repeat',
    finishedAt: LATER,
  });
  const refused = t.throws(() => cancelLaunch(inStatus('COMPLETED'), LATER), { instanceOf: IllegalTransition });
  t.regex(refused.message, /Launch launch_1 is COMPLETED/);
});

const settling: { rule: string; status: LaunchStatus; pending: number; expected: LaunchStatus | null }[] = [
  { rule: 'RUNNING with nothing PENDING: COMPLETED', status: 'RUNNING', pending: 0, expected: 'COMPLETED' },
  { rule: 'RUNNING with evaluations PENDING: goes on', status: 'RUNNING', pending: 3, expected: null },
  { rule: 'QUEUED: its own work is not done yet, goes on', status: 'QUEUED', pending: 0, expected: null },
  { rule: 'CANCELLED stays CANCELLED', status: 'CANCELLED', pending: 0, expected: null },
  { rule: 'FAILED stays FAILED', status: 'FAILED', pending: 0, expected: null },
  { rule: 'COMPLETED is not ended twice', status: 'COMPLETED', pending: 0, expected: null },
];

for (const { rule, status, pending, expected } of settling) {
  test(`settle: ${rule}`, (t) => {
    const settled = settleLaunch(inStatus(status), pending, LATER);
    if (expected === null) t.is(settled, null);
    else t.like(settled, { status: expected, finishedAt: LATER });
  });
}

test('QUEUED and RUNNING launches are open; ended ones are not', (t) => {
  t.deepEqual(
    LAUNCH_STATUSES.filter((status) => isLaunchOpen({ status })),
    ['QUEUED', 'RUNNING'],
  );
});
