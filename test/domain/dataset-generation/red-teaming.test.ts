import test from 'ava';
import { playedStrategies, strategyShares } from '../../../domain/dataset-generation/red-teaming.ts';

// Shares: k strategies (original first, then as given), n test cases: ⌊n/k⌋ each, the first n mod k one more.
const cases: { rule: string; requested: string[]; n: number; expected: [string, number][] }[] = [
  { rule: 'original alone takes all', requested: [], n: 7, expected: [['original', 7]] },
  {
    rule: 'even split',
    requested: ['base64', 'rot13'],
    n: 6,
    expected: [
      ['original', 2],
      ['base64', 2],
      ['rot13', 2],
    ],
  },
  {
    rule: 'the remainder goes to the first ones',
    requested: ['hex', 'role_play', 'leetspeak'],
    n: 10,
    expected: [
      ['original', 3],
      ['hex', 3],
      ['role_play', 2],
      ['leetspeak', 2],
    ],
  },
  {
    rule: 'fewer test cases than strategies: the last get none',
    requested: ['hex', 'rot13', 'prefix'],
    n: 2,
    expected: [
      ['original', 1],
      ['hex', 1],
      ['rot13', 0],
      ['prefix', 0],
    ],
  },
  {
    rule: 'original named again and repeats are played once, in first order',
    requested: ['rot13', 'original', 'hex', 'rot13'],
    n: 4,
    expected: [
      ['original', 2],
      ['rot13', 1],
      ['hex', 1],
    ],
  },
];

for (const { rule, requested, n, expected } of cases)
  test(`shares: ${rule}`, (t) => {
    const shares = strategyShares(playedStrategies(requested), n);
    t.deepEqual(
      shares.map(({ strategy, count }) => [strategy, count]),
      expected,
    );
    t.is(
      shares.reduce((sum, share) => sum + share.count, 0),
      n,
    );
  });
