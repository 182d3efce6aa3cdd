import test from 'ava';
import { InvalidInput } from '../../../domain/errors.ts';
import {
  assertNotInFuture,
  compareTimeStamps,
  decideMarketplaceNotice,
  MARKETPLACE_FUTURE_SKEW_MS,
  readMarketplaceNotice,
} from '../../../domain/organization/marketplace-operation.ts';
import { freeSubscription, type Subscription } from '../../../domain/organization/subscription.ts';

const NOW = '2026-03-02T10:00:00.000Z';
const LAST = '2026-03-02T09:00:00.5000000Z';
const base: Subscription = { ...freeSubscription('organization_1', NOW), marketplaceOperationAt: LAST };
const context = { plans: new Map([['enterprise', 'ENTERPRISE' as const]]), activeUsers: 3, now: NOW };
const at = (timeStamp: string, action: string, extra = {}) => ({
  id: 'op',
  subscriptionId: 's',
  action,
  timeStamp,
  ...extra,
});
const LATER = '2026-03-02T09:00:00.5000001Z';

const cases: [string, Subscription, ReturnType<typeof at>, Partial<Subscription> | string][] = [
  ['Suspend suspends', base, at(LATER, 'Suspend'), { status: 'SUSPENDED' }],
  ['Reinstate reactivates', { ...base, status: 'SUSPENDED' }, at(LATER, 'Reinstate'), { status: 'ACTIVE' }],
  ['Unsubscribe ends', { ...base, status: 'SUSPENDED' }, at(LATER, 'Unsubscribe'), { status: 'UNSUBSCRIBED' }],
  ['Unsubscribed is final', { ...base, status: 'UNSUBSCRIBED' }, at(LATER, 'Reinstate'), 'ended'],
  ['ChangePlan maps the plan id', base, at(LATER, 'ChangePlan', { planId: 'enterprise' }), { plan: 'ENTERPRISE' }],
  ['ChangeQuantity takes a numeric string', base, at(LATER, 'ChangeQuantity', { quantity: '7' }), { quantity: 7 }],
  ['an older operation (sub-millisecond) is stale', base, at('2026-03-02T09:00:00.4999999Z', 'Suspend'), 'stale'],
  ['an unknown action is ignored', base, at(LATER, 'Subscribe'), 'unknown_action'],
];

for (const [name, subscription, notice, expected] of cases) {
  test(name, (t) => {
    const decision = decideMarketplaceNotice(subscription, notice, context);
    if (typeof expected === 'string') return t.is(decision.outcome as string, expected);
    if (decision.outcome !== 'applied') return t.fail(decision.outcome);
    t.like(decision.subscription, { ...expected, marketplaceOperationAt: notice.timeStamp, updatedAt: NOW });
  });
}

test('Renew keeps the state and asks for renewed credits', (t) => {
  const decision = decideMarketplaceNotice(base, at(LATER, 'Renew'), context);
  t.like(decision, { outcome: 'applied', renewed: true, subscription: { status: 'ACTIVE' } });
});

test('a declined change: unknown plan, or seats below the active users', (t) => {
  t.throws(() => decideMarketplaceNotice(base, at(LATER, 'ChangePlan', { planId: 'gold' }), context), {
    instanceOf: InvalidInput,
  });
  t.throws(() => decideMarketplaceNotice(base, at(LATER, 'ChangeQuantity', { quantity: 2 }), context), {
    instanceOf: InvalidInput,
    message: /3 active users/,
  });
});

test('time stamps order by their sub-millisecond digits too', (t) => {
  t.true(compareTimeStamps('2026-01-01T00:00:00.0000001Z', '2026-01-01T00:00:00.0000002Z') < 0);
  t.true(compareTimeStamps('2026-01-01T00:00:01Z', '2026-01-01T00:00:00.9999999Z') > 0);
  t.is(compareTimeStamps('2026-01-01T00:00:00.1Z', '2026-01-01T00:00:00.1000000Z'), 0);
});

test('notices are read leniently but need id, subscriptionId, action and a time stamp', (t) => {
  const read = readMarketplaceNotice({ ...at(LATER, 'Renew'), extra: { any: 1 }, quantity: '4' });
  t.deepEqual(read, { id: 'op', subscriptionId: 's', action: 'Renew', timeStamp: LATER, quantity: '4' });
  const error = t.throws(() => readMarketplaceNotice({ action: 'Renew', timeStamp: 'yesterday' }), {
    instanceOf: InvalidInput,
  });
  t.deepEqual(error.issues.map((issue) => issue.path).sort(), ['id', 'subscriptionId', 'timeStamp']);
  t.throws(() => readMarketplaceNotice([1]), { instanceOf: InvalidInput });
});

test('a notice stamped more than the skew ahead of now is declined', (t) => {
  const ahead = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();
  t.notThrows(() => assertNotInFuture({ timeStamp: ahead(MARKETPLACE_FUTURE_SKEW_MS) }, NOW));
  t.throws(() => assertNotInFuture({ timeStamp: ahead(MARKETPLACE_FUTURE_SKEW_MS + 1) }, NOW), {
    instanceOf: InvalidInput,
    message: /timeStamp: .* in the future/,
  });
  t.throws(() => assertNotInFuture({ timeStamp: '2099-01-01T00:00:00.0000000Z' }, NOW), { instanceOf: InvalidInput });
});
