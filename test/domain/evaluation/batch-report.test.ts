import test from 'ava';
import { buildBatchReport, type BatchOutcome } from '../../../domain/evaluation/batch-report.ts';

/** The report of a batch: nothing failed or skipped, all sessions processed, within the limit, unless said otherwise. */
const reportOf = (outcome: Pick<BatchOutcome, 'sessionsEvaluated' | 'evaluationsCreated'> & Partial<BatchOutcome>) =>
  buildBatchReport({
    failures: [],
    skips: [],
    totalSessionsAvailable: null,
    truncated: false,
    processedLimit: 1000,
    ...outcome,
  });

test('the message states evaluated, failed, skipped counts and each skip cause with its count and reason', (t) => {
  const report = reportOf({
    sessionsEvaluated: 2,
    evaluationsCreated: 5,
    failures: [{ sessionId: 's9', error: 'Session s9 not found' }],
    skips: [
      { sessionId: 's3', cause: 'NOT_IN_SPECIFICATIONS' },
      { sessionId: 's4', cause: 'NOT_IN_SPECIFICATIONS' },
      { sessionId: 's5', cause: 'NO_LINKED_METRICS' },
    ],
  });
  t.is(report.sessionsEvaluated, 2);
  t.is(report.sessionsFailed, 1);
  t.is(report.evaluationsCreated, 5);
  t.is(report.totalSessionsAvailable, null);
  t.false(report.truncated);
  t.regex(report.message, /^2 sessions evaluated \(5 evaluations created\), 1 failed, 3 skipped\./);
  t.regex(report.message, /2 outside the requested specificationIds/);
  t.regex(report.message, /1 no linked metrics/);
  t.notRegex(report.message, /first 1000/);
});

test('a truncated batch says so with the totals', (t) => {
  const report = reportOf({
    sessionsEvaluated: 1000,
    evaluationsCreated: 1000,
    totalSessionsAvailable: 1500,
    truncated: true,
    processedLimit: 1000,
  });
  t.true(report.truncated);
  t.is(report.totalSessionsAvailable, 1500);
  t.regex(report.message, /Only the first 1000 of 1500 sessions/);
  t.regex(report.message, /0 failed, 0 skipped\.$|repeat the request/);
});

test('nothing skipped: no skip section', (t) => {
  const report = reportOf({
    sessionsEvaluated: 1,
    evaluationsCreated: 1,
    totalSessionsAvailable: 1,
  });
  t.is(report.message, '1 session evaluated (1 evaluation created), 0 failed, 0 skipped.');
});

test('inactive metrics: the sessions they left without metrics are a skip cause, and the metrics are named', (t) => {
  const report = reportOf({
    sessionsEvaluated: 1,
    evaluationsCreated: 1,
    skips: [{ sessionId: 's2', cause: 'ONLY_INACTIVE_METRICS' }],
    inactiveMetricIds: ['metric_off'],
  });
  t.regex(report.message, /1 skipped\. Skipped: 1 only disabled or superseded metrics/);
  t.regex(report.message, /Disabled or superseded metrics not applied: metric_off\.$/);
});
