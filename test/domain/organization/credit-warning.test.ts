import test from 'ava';
import { decideCreditWarning } from '../../../domain/organization/credit-warning.ts';
import type { CreditWarningLevel } from '../../../domain/organization/organization.ts';

const balance = (credits: number) => ({ remainingSubscriptionCredits: credits, extraCredits: 0 });
type Row = [
  string,
  number | null,
  CreditWarningLevel | null,
  number,
  CreditWarningLevel | null,
  CreditWarningLevel | null,
];

const rows: Row[] = [
  // name, warningAt, stored level, credits, level after, mail
  ['no threshold, no warnings', null, null, 0, null, null],
  ['at the threshold is not below it', 10, null, 10, null, null],
  ['strictly below the threshold warns once', 10, null, 9, 'LOW', 'LOW'],
  ['further down, no second LOW warning', 10, 'LOW', 3, 'LOW', null],
  ['reaching 0 warns once more', 10, 'LOW', 0, 'EMPTY', 'EMPTY'],
  ['still at 0, nothing', 10, 'EMPTY', 0, 'EMPTY', null],
  ['a partial refill re-arms nothing', 10, 'EMPTY', 5, 'EMPTY', null],
  ['a refill to the threshold re-arms', 10, 'EMPTY', 10, null, null],
  ['straight to 0 sends one warning', 10, null, 0, 'EMPTY', 'EMPTY'],
];

for (const [name, warningAt, creditWarningLevel, credits, level, mail] of rows) {
  test(name, (t) => {
    t.deepEqual(decideCreditWarning({ warningAt, creditWarningLevel }, balance(credits)), { level, mail });
  });
}

test('extra credits count with subscription credits', (t) => {
  const decision = decideCreditWarning(
    { warningAt: 10, creditWarningLevel: null },
    { remainingSubscriptionCredits: 4, extraCredits: 6 },
  );
  t.deepEqual(decision, { level: null, mail: null });
});
