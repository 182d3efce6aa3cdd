import test from 'ava';
import { Forbidden, InvalidInput, IssueCollector } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import {
  assertMaySweep,
  checkTraceRetentionDays,
  purgeCutoff,
  retentionCutoff,
} from '../../../domain/operations/retention.ts';

const NOW = '2026-03-10T12:00:00.000Z';

const days: [string, number | null | undefined, boolean][] = [
  // name, traceRetentionDays, accepted
  ['not given: unchanged', undefined, true],
  ['null: kept forever', null, true],
  ['one day, the least', 1, true],
  ['ten years, the most', 3650, true],
  ['zero days would delete everything', 0, false],
  ['past ten years', 3651, false],
  ['part of a day', 1.5, false],
  ['negative', -7, false],
];

for (const [name, value, accepted] of days) {
  test(`traceRetentionDays ${name}`, (t) => {
    const issues = new IssueCollector();
    checkTraceRetentionDays(issues, value);
    t.is(issues.issues.length === 0, accepted);
    if (!accepted) t.is(issues.issues[0].path, 'traceRetentionDays');
  });
}

const cutoffs: [string, string, string][] = [
  ['retention of 1 day', retentionCutoff(NOW, 1), '2026-03-09T12:00:00.000Z'],
  ['retention of 30 days', retentionCutoff(NOW, 30), '2026-02-08T12:00:00.000Z'],
  ['purge after 0 s: everything deleted so far', purgeCutoff(NOW, 0), NOW],
  ['purge after 30 days', purgeCutoff(NOW, 30 * 86_400), '2026-02-08T12:00:00.000Z'],
];

for (const [name, actual, expected] of cutoffs) test(`cutoff: ${name}`, (t) => t.is(actual, expected));

test('a negative purge delay is invalid input', (t) => {
  const error = t.throws(() => purgeCutoff(NOW, -1), { instanceOf: InvalidInput });
  t.is(error?.issues[0].path, 'purgeAfterSeconds');
});

const actor = (role: Actor['role']): Actor => ({
  userId: 'user_1',
  organizationId: 'organization_1',
  role,
  apiKeyId: null,
});

test('only a platform ADMIN may sweep', (t) => {
  t.notThrows(() => assertMaySweep(actor('ADMIN')));
  t.throws(() => assertMaySweep(actor('OWNER')), { instanceOf: Forbidden });
  t.throws(() => assertMaySweep(actor('MEMBER')), { instanceOf: Forbidden });
});
