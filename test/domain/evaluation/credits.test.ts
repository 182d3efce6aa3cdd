import test from 'ava';
import { creditCost, debit } from '../../../domain/evaluation/credits.ts';

const cases = [
  {
    name: 'from subscription credits first',
    balance: { remainingSubscriptionCredits: 5, extraCredits: 3 },
    cost: 2,
    expected: { remainingSubscriptionCredits: 3, extraCredits: 3 },
  },
  {
    name: 'then from extra credits',
    balance: { remainingSubscriptionCredits: 1, extraCredits: 3 },
    cost: 2,
    expected: { remainingSubscriptionCredits: 0, extraCredits: 2 },
  },
  {
    name: 'no subscription allowance (null) uses extra credits and stays null',
    balance: { remainingSubscriptionCredits: null, extraCredits: 3 },
    cost: 2,
    expected: { remainingSubscriptionCredits: null, extraCredits: 1 },
  },
  {
    name: 'exactly enough',
    balance: { remainingSubscriptionCredits: 1, extraCredits: 1 },
    cost: 2,
    expected: { remainingSubscriptionCredits: 0, extraCredits: 0 },
  },
  {
    name: 'not enough: nothing taken',
    balance: { remainingSubscriptionCredits: 1, extraCredits: 0 },
    cost: 2,
    expected: null,
  },
  {
    name: 'free costs nothing',
    balance: { remainingSubscriptionCredits: 0, extraCredits: 0 },
    cost: 0,
    expected: { remainingSubscriptionCredits: 0, extraCredits: 0 },
  },
];
for (const { name, balance, cost, expected } of cases)
  test(`debit: ${name}`, (t) => t.deepEqual(debit(balance, cost), expected));

test('only LLM-judge evaluations cost credits', (t) => {
  t.is(creditCost('LLM_JUDGE', 3), 3);
  for (const source of ['DETERMINISTIC', 'SELF_HOSTED', 'HUMAN']) t.is(creditCost(source, 3), 0);
});
