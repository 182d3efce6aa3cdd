import test from 'ava';
import { consumeRequest, type RateWindow } from '../../../domain/operations/rate-limit.ts';

test('a fixed window allows `limit` requests, refuses the next without counting it, then resets', (t) => {
  let window: RateWindow | null = null;
  const seen: boolean[] = [];
  for (let request = 0; request < 4; request += 1) {
    const decision = consumeRequest(window, { now: 1_000 + request, limit: 3, windowMs: 60_000 });
    seen.push(decision.allowed);
    window = decision.window;
  }
  t.deepEqual(seen, [true, true, true, false]);
  t.is(window!.count, 3);
  const refused = consumeRequest(window, { now: 31_000, limit: 3, windowMs: 60_000 });
  t.like(refused, { allowed: false, remaining: 0, resetSeconds: 30 });
  const next = consumeRequest(window, { now: 61_000, limit: 3, windowMs: 60_000 });
  t.like(next, { allowed: true, remaining: 2, resetSeconds: 60 });
});

test('the reset is never under one second', (t) => {
  const window = { startedAt: 0, count: 1 };
  t.is(consumeRequest(window, { now: 59_999, limit: 5, windowMs: 60_000 }).resetSeconds, 1);
});
