import test from 'ava';
import { cutText, jsonRows } from '../../adapters/http/console/page/lib/json-rows.ts';

const lines = (rows: ReturnType<typeof jsonRows>) =>
  rows.map(
    (row) =>
      `${'  '.repeat(row.depth)}${row.key === null ? '' : `${row.key}: `}${row.text}${row.open ? ' -' : row.foldable ? ' +' : ''}`,
  );

test('the top level is open, deeper containers folded with their size', (t) => {
  const value = { messages: [{ role: 'user', content: 'hi' }], temperature: 0.2, stream: false, stop: null, tags: {} };
  t.deepEqual(lines(jsonRows(value)), [
    '{5 keys} -',
    '  messages: [1 item] +',
    '  temperature: 0.2',
    '  stream: false',
    '  stop: null',
    '  tags: {0 keys}',
  ]);
});

test('toggling a path opens a folded container or folds an open one', (t) => {
  const value = { messages: [{ role: 'user' }] };
  t.deepEqual(lines(jsonRows(value, { toggled: new Set(['/messages', '/messages/0']) })), [
    '{1 key} -',
    '  messages: [1 item] -',
    '    0: {1 key} -',
    '      role: "user"',
  ]);
  t.deepEqual(lines(jsonRows(value, { toggled: new Set(['']) })), ['{1 key} +']);
});

test('paths are JSON Pointers, escaping ~ and /', (t) => {
  const rows = jsonRows({ 'a/b': 1, 'c~d': 2 });
  t.deepEqual(
    rows.map((row) => row.path),
    ['', '/a~1b', '/c~0d'],
  );
});

test('long strings are cut until shown in full; markup stays text', (t) => {
  const long = `<script>alert(1)</script>${'x'.repeat(1000)}`;
  const [row] = jsonRows(long, { maxChars: 10 });
  t.is(row.text, '"<script>al"');
  t.is(row.hidden, long.length - 10);
  const [whole] = jsonRows(long, { maxChars: 10, shownAll: new Set(['']) });
  t.is(whole.hidden, 0);
  t.is(whole.text, JSON.stringify(long));
});

test('a big container lists its first members, then how many more', (t) => {
  const big = Array.from({ length: 250 }, (_, index) => index);
  const rows = jsonRows(big, { maxChildren: 100 });
  t.is(rows.length, 102);
  t.like(rows[101], { kind: 'more', hidden: 150, path: '', depth: 1, text: '150 more' });
  t.is(jsonRows(big, { maxChildren: 100, shownAll: new Set(['']) }).length, 251);
  t.is(jsonRows({ big }, { maxChildren: 100 }).length, 2, 'folded, a huge member costs one row');
});

test('deep nesting lays out without exhausting the stack', (t) => {
  let deep: unknown = 'bottom';
  for (let level = 0; level < 5000; level++) deep = [deep];
  t.is(jsonRows(deep, { openDepth: Number.POSITIVE_INFINITY }).length, 5001);
});

test('cutting never splits a surrogate pair', (t) => {
  t.deepEqual(cutText('ab😀cd', 3), { text: 'ab', hidden: 4 });
  t.deepEqual(cutText('short', 10), { text: 'short', hidden: 0 });
});
