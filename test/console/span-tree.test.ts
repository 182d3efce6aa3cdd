import test from 'ava';
import {
  buildSpanTree,
  descendantCount,
  type SpanNode,
  type TreeSpan,
  visibleRows,
} from '../../adapters/http/console/page/lib/span-tree.ts';

const span = (id: string, parentTraceId: string | null, second = 0): TreeSpan => ({
  id,
  parentTraceId,
  startTime: `2026-11-27T10:00:${String(second).padStart(2, '0')}.000Z`,
  createdAt: '2026-11-27T10:01:00.000Z',
});

/** The tree as `id(child,child)` text, roots joined by spaces; `!` marks an orphan. */
const shape = (nodes: readonly SpanNode<TreeSpan>[]): string =>
  nodes
    .map((node) => {
      const name = `${node.orphan ? '!' : ''}${node.span.id}`;
      return node.children.length ? `${name}(${shape(node.children).replaceAll(' ', ',')})` : name;
    })
    .join(' ');

const cases: [string, TreeSpan[], string][] = [
  ['no spans', [], ''],
  [
    'children below their parent, ordered by start',
    [span('c', 'a', 3), span('b', 'a', 2), span('a', null, 1)],
    'a(b,c)',
  ],
  ['a missing parent puts the span at the root, marked', [span('a', null, 1), span('x', 'gone', 2)], 'a !x'],
  ['a span naming itself sits at the root', [span('a', 'a', 1)], '!a'],
  ['a two-span cycle shows both, once', [span('a', 'b', 1), span('b', 'a', 2)], '!a(b)'],
  ['a span below a cycle stays below it', [span('c', 'b', 0), span('a', 'b', 1), span('b', 'a', 2)], '!b(c,a)'],
  ['a repeated id counts once', [span('a', null, 1), span('a', null, 2)], 'a'],
  ['roots ordered by start', [span('late', null, 9), span('early', null, 1)], 'early late'],
];
for (const [title, spans, expected] of cases) {
  test(`span tree: ${title}`, (t) => {
    t.is(shape(buildSpanTree(spans)), expected);
  });
}

test('span tree: spans without a start order by creation, then id', (t) => {
  const undated = (id: string, createdAt: string): TreeSpan => ({
    id,
    parentTraceId: null,
    startTime: null,
    createdAt,
  });
  const tree = buildSpanTree([
    undated('b', '2026-11-27T10:00:00.000Z'),
    undated('a', '2026-11-27T10:00:00.000Z'),
    undated('c', '2026-11-27T09:00:00.000Z'),
  ]);
  t.is(shape(tree), 'c a b');
});

test('a chain of 10,000 spans and a ring of 10,000 build without exhausting the stack', (t) => {
  const chain = Array.from({ length: 10_000 }, (_, index) => span(`s${index}`, index ? `s${index - 1}` : null));
  const rows = visibleRows(buildSpanTree(chain), new Set());
  t.is(rows.length, 10_000);
  t.is(rows[9_999].depth, 9_999);
  const ring = Array.from({ length: 10_000 }, (_, index) => span(`r${index}`, `r${(index + 1) % 10_000}`));
  const roots = buildSpanTree(ring);
  t.is(roots.length, 1);
  t.is(visibleRows(roots, new Set()).length, 10_000);
});

test('visible rows: depth first, a closed node hides everything below it', (t) => {
  const roots = buildSpanTree([
    span('root', null, 0),
    span('a', 'root', 1),
    span('a1', 'a', 2),
    span('b', 'root', 3),
    span('b1', 'b', 4),
  ]);
  const listed = (closed: string[]) =>
    visibleRows(roots, new Set(closed)).map((row) => `${row.depth}:${row.node.span.id}${row.open ? '+' : ''}`);
  t.deepEqual(listed([]), ['0:root+', '1:a+', '2:a1', '1:b+', '2:b1']);
  t.deepEqual(listed(['a']), ['0:root+', '1:a', '1:b+', '2:b1']);
  t.deepEqual(listed(['root']), ['0:root']);
  t.is(descendantCount(roots[0]), 4);
});
