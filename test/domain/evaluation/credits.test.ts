import test from 'ava';
import { creditCost, debit } from '../../../domain/evaluation/credits.ts';

/** A balance: the subscription credits left (null: no allowance), then the extra credits. */
const credits = (remainingSubscriptionCredits: number | null, extraCredits: number) => ({
  remainingSubscriptionCredits,
  extraCredits,
});

const cases = [
  { name: 'from subscription credits first', balance: credits(5, 3), cost: 2, expected: credits(3, 3) },
  { name: 'then from extra credits', balance: credits(1, 3), cost: 2, expected: credits(0, 2) },
  {
    name: 'no subscription allowance (null) uses extra credits and stays null',
    balance: credits(null, 3),
    cost: 2,
    expected: credits(null, 1),
  },
  { name: 'exactly enough', balance: credits(1, 1), cost: 2, expected: credits(0, 0) },
  { name: 'not enough: nothing taken', balance: credits(1, 0), cost: 2, expected: null },
  { name: 'free costs nothing', balance: credits(0, 0), cost: 0, expected: credits(0, 0) },
];
for (const { name, balance, cost, expected } of cases)
  test(`debit: ${name}`, (t) => t.deepEqual(debit(balance, cost), expected));

test('only LLM-judge evaluations cost credits', (t) => {
  t.is(creditCost('LLM_JUDGE', 3), 3);
  for (const source of ['DETERMINISTIC', 'SELF_HOSTED', 'HUMAN']) t.is(creditCost(source, 3), 0);
});
