import test from 'ava';
import {
  barOf,
  formatDuration,
  MIN_BAR_WIDTH,
  type TimedSpan,
  timeRange,
} from '../../adapters/http/console/page/lib/timeline.ts';

const at = (ms: number): string => new Date(Date.UTC(2026, 10, 27, 10) + ms).toISOString();
const timed = (start: number | null, end: number | null, latencyMs: number | null = null): TimedSpan => ({
  id: 'trace_x',
  startTime: start === null ? null : at(start),
  endTime: end === null ? null : at(end),
  latencyMs,
});

test('the range runs from the earliest start to the latest end (or start + latency)', (t) => {
  const range = timeRange([timed(100, 400), timed(0, null, 1000), timed(null, null, 5000)]);
  t.deepEqual(range, { startMs: Date.parse(at(0)), endMs: Date.parse(at(1000)) });
  t.is(timeRange([timed(null, null, 10)]), null);
});

const cases: [
  string,
  TimedSpan,
  { left: number; width: number; offsetMs: number | null; durationMs: number | null },
][] = [
  ['at the start, a quarter long', timed(0, 250), { left: 0, width: 25, offsetMs: 0, durationMs: 250 }],
  ['in the middle', timed(500, 750), { left: 50, width: 25, offsetMs: 500, durationMs: 250 }],
  [
    'latency stands in for a missing end',
    timed(200, null, 100),
    { left: 20, width: 10, offsetMs: 200, durationMs: 100 },
  ],
  ['a zero-length span still shows', timed(300, 300), { left: 30, width: MIN_BAR_WIDTH, offsetMs: 300, durationMs: 0 }],
  [
    'no start: no offset, width from latency',
    timed(null, null, 500),
    { left: 0, width: 50, offsetMs: null, durationMs: 500 },
  ],
  ['nothing known', timed(null, null), { left: 0, width: 0, offsetMs: null, durationMs: null }],
];
for (const [title, span, expected] of cases) {
  test(`bar: ${title}`, (t) => {
    const bar = barOf(span, timeRange([timed(0, 1000)]));
    t.like(bar, { offsetMs: expected.offsetMs, durationMs: expected.durationMs });
    t.true(Math.abs(bar.left - expected.left) < 1e-9, `left ${bar.left}`);
    t.true(Math.abs(bar.width - expected.width) < 1e-9, `width ${bar.width}`);
  });
}

test('bars stay inside the range, and a range of one instant draws full bars', (t) => {
  const bar = barOf(timed(999, 5000), timeRange([timed(0, 1000)]));
  t.true(bar.left + bar.width <= 100);
  t.like(barOf(timed(0, 0), timeRange([timed(0, 0)])), { left: 0, width: 100 });
});

test('durations read as a person says them', (t) => {
  t.is(formatDuration(null), '—');
  t.is(formatDuration(850), '850 ms');
  t.is(formatDuration(12.34), '12.3 ms');
  t.is(formatDuration(1250), '1.25 s');
  t.is(formatDuration(125_000), '2 min 5 s');
});
