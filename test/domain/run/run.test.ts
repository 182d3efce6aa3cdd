import test from 'ava';
import { Conflict, IllegalTransition, InvalidInput, NotFound } from '../../../domain/errors.ts';
import type { Version } from '../../../domain/catalog/version.ts';
import { createLaunch, type Launch, type LaunchStatus } from '../../../domain/run/launch.ts';
import {
  cancelRunLaunch,
  closeRun,
  createRun,
  joinRun,
  RUN_STATUSES,
  settleRun,
  transition,
  type Run,
  type RunEvent,
  type RunOpener,
  type RunStatus,
} from '../../../domain/run/run.ts';
import { transitionTable } from '../../support/transition-table.ts';

const NOW = '2026-03-01T00:00:00.000Z';
const LATER = '2026-03-01T00:05:00.000Z';
const open = (openedBy: RunOpener, changes: Partial<Run> = {}): Run => ({
  ...createRun(
    { productId: 'product_1', versionId: 'version_1' },
    { id: 'run_1', organizationId: 'o', now: NOW, userId: 'user_1', ordinal: 1, openedBy, version: null },
  ),
  ...changes,
});
const launchIn = (status: LaunchStatus, id = `launch_${status.toLowerCase()}`): Launch => ({
  ...createLaunch({ runId: 'run_1', kind: 'EVALUATE_SESSION', request: {} }, { id, organizationId: 'o', now: NOW }),
  status,
});

const legal: [RunStatus, RunEvent, RunStatus][] = [
  ['RUNNING', 'launch', 'RUNNING'],
  ['RUNNING', 'cancelLaunch', 'RUNNING'],
  ['RUNNING', 'complete', 'COMPLETED'],
  ['RUNNING', 'fail', 'FAILED'],
  ['RUNNING', 'cancel', 'CANCELLED'],
  ['COMPLETED', 'relaunch', 'COMPLETED'],
  ['FAILED', 'relaunch', 'FAILED'],
  ['CANCELLED', 'relaunch', 'CANCELLED'],
];
transitionTable('run ', {
  states: RUN_STATUSES,
  events: ['launch', 'cancelLaunch', 'complete', 'fail', 'cancel', 'relaunch'],
  legal,
  transition,
});

test('a new run is RUNNING, by its opener, with the trimmed customId', (t) => {
  const run = createRun(
    { productId: 'product_1', customId: '  ci-42 ' },
    { id: 'run_1', organizationId: 'o', now: NOW, userId: 'user_1', ordinal: 7, openedBy: 'CALLER', version: null },
  );
  t.like(run, {
    status: 'RUNNING',
    openedBy: 'CALLER',
    ordinal: 7,
    customId: 'ci-42',
    versionId: null,
    relaunchedFromRunId: null,
    finishedAt: null,
  });
});

test('creation refuses a version of another product, a blank or oversize customId, a non-positive ordinal', (t) => {
  const version = { id: 'version_9', productId: 'product_other' } as Version;
  const error = t.throws(
    () =>
      createRun(
        { productId: 'product_1', versionId: 'version_9', customId: ' ' },
        { id: 'run_1', organizationId: 'o', now: NOW, userId: null, ordinal: 0, openedBy: 'CALLER', version },
      ),
    { instanceOf: InvalidInput },
  );
  t.deepEqual(
    error.issues.map((issue) => issue.path),
    ['customId', 'versionId', 'ordinal'],
  );
  t.throws(
    () =>
      createRun(
        { productId: 'product_1', customId: 'x'.repeat(256) },
        { id: 'run_1', organizationId: 'o', now: NOW, userId: null, ordinal: 1, openedBy: 'CALLER', version: null },
      ),
    { instanceOf: InvalidInput },
  );
});

const joining: { rule: string; run: Run; target: { productId: string; versionId: string | null }; refusal?: RegExp }[] =
  [
    {
      rule: 'a RUNNING run the caller opened, same product and version: joined',
      run: open('CALLER'),
      target: { productId: 'product_1', versionId: 'version_1' },
    },
    {
      rule: 'a run without a version takes any version of its product',
      run: open('CALLER', { versionId: null }),
      target: { productId: 'product_1', versionId: null },
    },
    {
      rule: 'a run opened by a launch takes no further launches',
      run: open('LAUNCH'),
      target: { productId: 'product_1', versionId: 'version_1' },
      refusal: /opened by a launch/,
    },
    {
      rule: 'an ended run takes no further launches',
      run: open('CALLER', { status: 'COMPLETED' }),
      target: { productId: 'product_1', versionId: 'version_1' },
      refusal: /COMPLETED: it takes no more launches/,
    },
    {
      rule: 'another product: refused, saying "product"',
      run: open('CALLER'),
      target: { productId: 'product_2', versionId: 'version_1' },
      refusal: /product/,
    },
    {
      rule: 'another version of a run that names one: refused, saying "version"',
      run: open('CALLER'),
      target: { productId: 'product_1', versionId: 'version_2' },
      refusal: /version version_1; the launch is for version version_2/,
    },
    {
      rule: 'several versions into a run that names one: refused, saying "version"',
      run: open('CALLER'),
      target: { productId: 'product_1', versionId: null },
      refusal: /version version_1; the launch is for several versions/,
    },
  ];

for (const { rule, run, target, refusal } of joining) {
  test(`join: ${rule}`, (t) => {
    if (!refusal) t.is(joinRun(run, target, 'launch'), run);
    else t.regex(t.throws(() => joinRun(run, target, 'launch'), { instanceOf: Conflict }).message, refusal);
  });
}

const settlements: { rule: string; launches: LaunchStatus[]; expected: RunStatus | null }[] = [
  { rule: 'any launch COMPLETED: COMPLETED', launches: ['FAILED', 'COMPLETED', 'CANCELLED'], expected: 'COMPLETED' },
  { rule: 'none COMPLETED, any FAILED: FAILED', launches: ['CANCELLED', 'FAILED'], expected: 'FAILED' },
  { rule: 'all CANCELLED: CANCELLED', launches: ['CANCELLED'], expected: 'CANCELLED' },
  { rule: 'a launch still RUNNING: goes on', launches: ['COMPLETED', 'RUNNING'], expected: null },
  { rule: 'a launch still QUEUED: goes on', launches: ['QUEUED'], expected: null },
];

for (const { rule, launches, expected } of settlements) {
  test(`settle a run opened by a launch: ${rule}`, (t) => {
    const settled = settleRun(
      open('LAUNCH'),
      launches.map((status, index) => launchIn(status, `launch_${index}`)),
      LATER,
    );
    if (expected === null) t.is(settled, null);
    else t.like(settled, { status: expected, finishedAt: LATER });
  });
}

test('settle: a run the caller opened never settles by itself, nor does an ended run', (t) => {
  t.is(settleRun(open('CALLER'), [launchIn('COMPLETED')], LATER), null);
  t.is(settleRun(open('LAUNCH', { status: 'CANCELLED' }), [launchIn('COMPLETED')], LATER), null);
});

test('close: COMPLETED, or FAILED when a launch FAILED; with no launch at all, COMPLETED', (t) => {
  t.like(closeRun(open('CALLER'), [launchIn('COMPLETED'), launchIn('CANCELLED')], LATER), {
    status: 'COMPLETED',
    finishedAt: LATER,
  });
  t.like(closeRun(open('CALLER'), [launchIn('COMPLETED'), launchIn('FAILED')], LATER), { status: 'FAILED' });
  t.like(closeRun(open('CALLER'), [], LATER), { status: 'COMPLETED' });
});

test('close refuses a run opened by a launch, an ended run, and a run with an open launch (naming it)', (t) => {
  t.regex(
    t.throws(() => closeRun(open('LAUNCH'), [], LATER), { instanceOf: IllegalTransition }).message,
    /opened by a launch/,
  );
  t.regex(
    t.throws(() => closeRun(open('CALLER', { status: 'FAILED' }), [], LATER), { instanceOf: IllegalTransition })
      .message,
    /FAILED: it cannot be closed again/,
  );
  for (const status of ['QUEUED', 'RUNNING'] as const)
    t.regex(
      t.throws(() => closeRun(open('CALLER'), [launchIn('COMPLETED'), launchIn(status, 'launch_open')], LATER), {
        instanceOf: IllegalTransition,
      }).message,
      new RegExp(`launch launch_open ${status}`),
    );
});

test('cancel a launch: only of this run (else not found), only while the run is RUNNING', (t) => {
  t.like(cancelRunLaunch(open('CALLER'), launchIn('RUNNING'), LATER), { status: 'CANCELLED', finishedAt: LATER });
  t.throws(() => cancelRunLaunch(open('CALLER'), { ...launchIn('RUNNING'), runId: 'run_2' }, LATER), {
    instanceOf: NotFound,
  });
  t.throws(() => cancelRunLaunch(open('CALLER', { status: 'COMPLETED' }), launchIn('RUNNING'), LATER), {
    instanceOf: IllegalTransition,
  });
  t.throws(() => cancelRunLaunch(open('CALLER'), launchIn('COMPLETED'), LATER), { instanceOf: IllegalTransition });
});
