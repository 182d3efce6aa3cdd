import test from 'ava';
import { rowWindow, scrollToShow } from '../../adapters/http/console/page/lib/windowing.ts';

test('5,000 rows draw only the rows in view and the margin', (t) => {
  const top = rowWindow({ rowCount: 5000, rowHeight: 24, scrollTop: 0, viewportHeight: 480, overscan: 10 });
  t.deepEqual(top, { start: 0, end: 31, offsetTop: 0, totalHeight: 120_000 });
  const middle = rowWindow({ rowCount: 5000, rowHeight: 24, scrollTop: 24 * 2500, viewportHeight: 480, overscan: 10 });
  t.deepEqual(middle, { start: 2490, end: 2531, offsetTop: 2490 * 24, totalHeight: 120_000 });
  const end = rowWindow({ rowCount: 5000, rowHeight: 24, scrollTop: 10_000_000, viewportHeight: 480, overscan: 10 });
  t.is(end.end, 5000);
  t.is(end.start, 5000 - 20 - 10);
});

test('a short list draws every row; an empty one draws none', (t) => {
  t.like(rowWindow({ rowCount: 5, rowHeight: 24, scrollTop: 0, viewportHeight: 480 }), { start: 0, end: 5 });
  t.deepEqual(rowWindow({ rowCount: 0, rowHeight: 24, scrollTop: 50, viewportHeight: 480 }), {
    start: 0,
    end: 0,
    offsetTop: 0,
    totalHeight: 0,
  });
  t.like(rowWindow({ rowCount: 5, rowHeight: 24, scrollTop: -40, viewportHeight: 0 }), { start: 0 });
});

test('scrolling to show a row moves only as far as needed', (t) => {
  t.is(scrollToShow(10, 20, 0, 100), 120);
  t.is(scrollToShow(2, 20, 100, 100), 40);
  t.is(scrollToShow(6, 20, 100, 100), 100);
});
