import test from 'ava';
import { type DependencyEntry, reportFor, verdictOf } from '../../../domain/operations/self-check.ts';

const entry = (status: DependencyEntry['status'], severity: DependencyEntry['severity']): DependencyEntry => ({
  kind: 'mail',
  name: 'SMTP_HOST',
  status,
  severity,
  resolved: 'relay:587',
  detail: 'why',
  durationMs: 1,
});

const cases: [string, DependencyEntry[], ReturnType<typeof verdictOf>][] = [
  ['nothing used', [], 'ok'],
  ['all answered', [entry('ok', 'critical'), entry('ok', 'degraded')], 'ok'],
  ['a critical one failed', [entry('failed', 'critical'), entry('ok', 'degraded')], 'failed'],
  ['a critical one timed out', [entry('timedOut', 'critical')], 'failed'],
  ['only a lesser one failed', [entry('ok', 'critical'), entry('failed', 'degraded')], 'degraded'],
  ['a critical one is degraded', [entry('degraded', 'critical')], 'degraded'],
];
for (const [title, entries, expected] of cases) test(`verdict: ${title}`, (t) => t.is(verdictOf(entries), expected));

test('resolved and detail stay for admins only, in the API and in services', (t) => {
  const report = {
    api: { status: 'failed' as const, dependencies: [entry('failed', 'critical')] },
    services: [
      { name: 'worker', status: 'ok' as const, result: 'ok' as const, dependencies: [entry('ok', 'critical')] },
      { name: 'other', status: 'unreachable' as const },
    ],
  };
  t.is(reportFor(report, true), report);
  const seen = reportFor(report, false);
  t.false(JSON.stringify(seen).includes('relay:587'));
  t.false(JSON.stringify(seen).includes('"detail"'));
  t.deepEqual(seen.services[1], { name: 'other', status: 'unreachable' });
  t.like(seen.api.dependencies[0], { status: 'failed', severity: 'critical', durationMs: 1 });
});
