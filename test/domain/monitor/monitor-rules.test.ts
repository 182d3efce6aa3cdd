import { mailDue, owedMails } from '../../../domain/monitor/alert-notice.ts';
import test from 'ava';
import { decideAlert, recoveryCount } from '../../../domain/monitor/alert.ts';
import { passesContentFilter } from '../../../domain/monitor/content-filter.ts';
import { transition } from '../../../domain/monitor/monitor-status.ts';
import { isSampled } from '../../../domain/monitor/sampling.ts';

test('sampling at 50 % over 400 sessions scores between 35 % and 65 %, the same each time', (t) => {
  const ids = Array.from({ length: 400 }, (_, index) => `session_01JD${String(index).padStart(22, '0')}`);
  const sampled = ids.filter((id) => isSampled('monitor_01JDXYZ', id, 50));
  t.true(sampled.length >= 140 && sampled.length <= 260, `${sampled.length} sampled`);
  t.deepEqual(
    ids.filter((id) => isSampled('monitor_01JDXYZ', id, 50)),
    sampled,
  );
  t.true(ids.every((id) => isSampled('monitor_01JDXYZ', id, 100)));
});

test('the status table: users pause and resume, the platform caps, exhausts and fails', (t) => {
  const cases = [
    ['ACTIVE', 'pause', 'PAUSED'],
    ['PAUSED', 'resume', 'ACTIVE'],
    ['ACTIVE', 'cap', 'CAPPED'],
    ['CAPPED', 'uncap', 'ACTIVE'],
    ['ACTIVE', 'exhaust', 'NO_CREDITS'],
    ['NO_CREDITS', 'replenish', 'ACTIVE'],
    ['ACTIVE', 'fail', 'FAILING'],
    ['FAILING', 'resume', 'ACTIVE'],
  ] as const;
  for (const [from, event, to] of cases) t.is(transition(from, event), to, `${from} ${event}`);
  t.throws(() => transition('FAILING', 'uncap'));
  t.throws(() => transition('PAUSED', 'cap'));
});

test('alerts open at the threshold and recover at threshold − ⌊√threshold⌋', (t) => {
  t.is(recoveryCount(1), 0);
  t.is(recoveryCount(10), 7);
  const rule = { countThreshold: 10 };
  t.is(decideAlert(rule, null, 9, 'now').kind, 'none');
  t.is(decideAlert(rule, null, 10, 'now').kind, 'open');
  const open = {
    id: 'alert_1',
    organizationId: 'o',
    monitorId: 'm',
    ruleId: 'r',
    status: 'OPEN' as const,
    openedAt: 'then',
    recoveredAt: null,
    peakCount: 10,
    notifiedStatus: 'OPEN' as const,
    mailPending: false,
    mailAttempts: 0,
    mailAttemptedAt: null,
    createdAt: 'then',
    deletedAt: null,
    version: 0,
  };
  t.is(decideAlert(rule, open, 8, 'now').kind, 'none', 'no flapping just under the threshold');
  t.is(decideAlert(rule, open, 12, 'now').kind, 'peak');
  const recovered = decideAlert(rule, open, 7, 'now');
  t.like(recovered, { kind: 'recover', alert: { status: 'RECOVERED', recoveredAt: 'now' } });
});

test('the content filter: any include term, no exclude term, case-insensitive substrings of the chosen side', (t) => {
  const turns = [{ input: 'Where is my Refund?', output: 'It is on its way' }];
  const filter = (include: string[], exclude: string[], field: 'INPUT' | 'OUTPUT' | 'EITHER') => ({
    include,
    exclude,
    field,
  });
  t.true(passesContentFilter(filter(['refund'], [], 'INPUT'), turns));
  t.false(passesContentFilter(filter(['refund'], [], 'OUTPUT'), turns));
  t.false(passesContentFilter(filter([], ['ON ITS WAY'], 'EITHER'), turns));
  t.true(passesContentFilter(null, turns));
});

test('owed alert mails: from the status last mailed up to the status now', (t) => {
  const cases = [
    { status: 'OPEN', notifiedStatus: null, mailPending: true, owed: ['opened'] },
    { status: 'OPEN', notifiedStatus: 'OPEN', mailPending: false, owed: [] },
    { status: 'RECOVERED', notifiedStatus: 'OPEN', mailPending: true, owed: ['recovered'] },
    { status: 'RECOVERED', notifiedStatus: null, mailPending: true, owed: ['opened', 'recovered'] },
    { status: 'RECOVERED', notifiedStatus: null, mailPending: false, owed: [] },
  ] as const;
  for (const { owed, ...alert } of cases) t.deepEqual(owedMails(alert), owed, JSON.stringify(alert));
});

test('an owed mail is due again once its last attempt is old enough and came before the tick started', (t) => {
  const owed = (mailAttemptedAt: string | null) =>
    ({ mailPending: true, mailAttemptedAt }) as Parameters<typeof mailDue>[0];
  const at = (second: number) => `2026-11-28T10:00:${String(second).padStart(2, '0')}.000Z`;
  t.true(mailDue(owed(at(0)), at(30), at(30), 20));
  t.false(mailDue(owed(at(0)), at(30), at(10), 20), 'not old enough');
  t.false(mailDue(owed(at(30)), at(30), at(59), 0), 'a concurrent tick attempted it after this one started');
  t.false(mailDue({ ...owed(at(0)), mailPending: false }, at(30), at(30), 0), 'nothing owed');
});
