import test from 'ava';
import { FlexibleRateLimiter } from '../../adapters/rate-limit/flexible-rate-limiter.ts';
import { SpentAllowanceMemo } from '../../adapters/rate-limit/spent-allowance-memo.ts';

/** Two processes' memos over one shared count (the in-memory limiter stands in for the shared store here). */
function deployment(points: number) {
  let now = 1_000_000;
  const shared = new FlexibleRateLimiter({ kind: 'memory' }, { name: 'failedAuth', points, durationSeconds: 60 });
  const clock = () => now;
  return {
    first: new SpentAllowanceMemo(shared, points, clock),
    second: new SpentAllowanceMemo(shared, points, clock),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

test('an address whose failures spent the allowance is refused by peek, without asking the store', async (t) => {
  const { first } = deployment(3);
  t.true((await first.peek('address:a')).allowed);
  await first.consume('address:a');
  await first.consume('address:a');
  t.true((await first.peek('address:a')).allowed, 'one failure left');
  await first.consume('address:a');
  const spent = await first.peek('address:a');
  t.false(spent.allowed);
  t.true(spent.resetSeconds >= 1 && spent.resetSeconds <= 60);
  t.true((await first.peek('address:b')).allowed, 'another address keeps its allowance');
});

test('another process learns an address is spent at its first failed attempt there', async (t) => {
  const { first, second } = deployment(2);
  await first.consume('address:a');
  await first.consume('address:a');
  t.false((await first.peek('address:a')).allowed);
  t.true((await second.peek('address:a')).allowed, 'the second process has not seen a failure yet');
  const attempt = await second.consume('address:a');
  t.false(attempt.allowed);
  t.false((await second.peek('address:a')).allowed);
});

test('a spent address is allowed again once its window resets', async (t) => {
  const { first, advance } = deployment(1);
  await first.consume('address:a');
  t.false((await first.peek('address:a')).allowed);
  advance(61_000);
  t.true((await first.peek('address:a')).allowed);
});
