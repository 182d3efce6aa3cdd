import test from 'ava';
import { hourLabel, hourlyMeans, hoursBefore } from '../../adapters/http/console/page/monitor-scores.ts';

test('the last 7 days as 168 UTC hours, ending with the current one', (t) => {
  const hours = hoursBefore(new Date('2026-11-28T10:59:00Z'), 7);
  t.is(hours.length, 168);
  t.is(hourLabel(hours.at(-1)!), '11-28 10:00');
  t.is(hourLabel(hours[0]), '11-21 11:00');
});

test('the mean score per hour; an hour without a score is null; unscored and older scores are left out', (t) => {
  const hours = hoursBefore(new Date('2026-11-28T10:30:00Z'), 1).slice(-3);
  const means = hourlyMeans(hours, [
    { evaluatedAt: '2026-11-28T08:05:00.000Z', score: 0.2 },
    { evaluatedAt: '2026-11-28T08:55:00.000Z', score: 0.6 },
    { evaluatedAt: '2026-11-28T10:01:00.000Z', score: 1 },
    { evaluatedAt: '2026-11-28T10:02:00.000Z', score: null },
    { evaluatedAt: null, score: 0.5 },
    { evaluatedAt: '2026-11-20T10:00:00.000Z', score: 0 },
  ]);
  t.is(means.length, 3);
  t.is(means[0]?.toFixed(2), '0.40');
  t.is(means[1], null);
  t.is(means[2], 1);
});
