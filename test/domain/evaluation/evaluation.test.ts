import test from 'ava';
import { IllegalTransition, InvalidInput } from '../../../domain/errors.ts';
import {
  applyVerdict,
  createEvaluation,
  retryEvaluation,
  transition,
  EVALUATION_STATUSES,
  type EvaluationEvent,
  type EvaluationStatus,
} from '../../../domain/evaluation/evaluation.ts';
import { unlinkedEvaluation } from '../../support/pending-evaluation.ts';
import { transitionTable } from '../../support/transition-table.ts';

const NOW = '2026-01-01T00:00:00.000Z';
const LATER = '2026-01-01T00:01:00.000Z';
const fresh = (score?: number) =>
  createEvaluation(
    {
      id: 'evaluation_1',
      organizationId: 'o',
      metricId: 'm',
      sessionId: 's',
      userId: 'u',
      ...unlinkedEvaluation,
      score,
    },
    NOW,
  );

const legal: [EvaluationStatus, EvaluationEvent, EvaluationStatus][] = [
  ['PENDING', 'score', 'SUCCESS'],
  ['PENDING', 'fail', 'FAILED'],
  ['PENDING', 'skip', 'SKIPPED'],
  ['PENDING', 'awaitHuman', 'PENDING_HUMAN'],
  ['PENDING_HUMAN', 'submitHuman', 'SUCCESS'],
  ['FAILED', 'retry', 'PENDING'],
  ['SKIPPED', 'retry', 'PENDING'],
];
transitionTable('', {
  states: EVALUATION_STATUSES,
  events: ['score', 'fail', 'skip', 'awaitHuman', 'retry', 'submitHuman'],
  legal,
  transition,
});

test('a new evaluation is PENDING with every spec field present', (t) => {
  const evaluation = fresh();
  t.is(evaluation.status, 'PENDING');
  t.deepEqual(evaluation.failedTurns, []);
  t.is(evaluation.evaluatedAt, null);
  t.is(evaluation.canRetry, null);
});

test('a caller-supplied score makes it SUCCESS at once, free; out of range is invalid input', (t) => {
  const evaluation = fresh(0.7);
  t.is(evaluation.status, 'SUCCESS');
  t.is(evaluation.score, 0.7);
  t.is(evaluation.creditsUsed, 0);
  t.is(evaluation.evaluatedAt, NOW);
  t.throws(() => fresh(1.2), { instanceOf: InvalidInput });
});

test('verdicts set score, error, canRetry and evaluatedAt', (t) => {
  const scored = applyVerdict(fresh(), { kind: 'scored', score: 0.5, reason: 'ok', creditsUsed: 1 }, LATER);
  t.like(scored, { status: 'SUCCESS', score: 0.5, reason: 'ok', creditsUsed: 1, canRetry: false, evaluatedAt: LATER });
  const failed = applyVerdict(fresh(), { kind: 'failed', error: 'timeout', canRetry: true }, LATER);
  t.like(failed, { status: 'FAILED', score: null, error: 'timeout', canRetry: true, evaluatedAt: LATER });
  const human = applyVerdict(fresh(), { kind: 'awaitHuman' }, LATER);
  t.like(human, { status: 'PENDING_HUMAN', evaluatedAt: null });
  const wild = applyVerdict(fresh(), { kind: 'scored', score: 3, reason: null }, LATER);
  t.like(wild, { status: 'FAILED', canRetry: true });
  t.throws(() => applyVerdict(scored, { kind: 'scored', score: 0.1, reason: null }, LATER), {
    instanceOf: IllegalTransition,
  });
});

test('retry only with canRetry: back to PENDING with the outcome cleared', (t) => {
  const failed = applyVerdict(fresh(), { kind: 'failed', error: 'x', canRetry: true }, LATER);
  t.like(retryEvaluation(failed), { status: 'PENDING', error: null, canRetry: null, evaluatedAt: null });
  const final = applyVerdict(fresh(), { kind: 'skipped', error: 'x', canRetry: false }, LATER);
  t.throws(() => retryEvaluation(final), { instanceOf: IllegalTransition });
  t.throws(() => retryEvaluation(fresh()), { instanceOf: IllegalTransition });
});
