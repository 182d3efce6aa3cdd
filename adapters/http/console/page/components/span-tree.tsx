import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Schemas } from '../api.ts';
import { buildSpanTree, descendantCount, type TreeRow, visibleRows } from '../lib/span-tree.ts';
import { barOf, formatDuration, type TimeRange, timeRange } from '../lib/timeline.ts';
import { rowWindow, scrollToShow } from '../lib/windowing.ts';

type Span = Schemas['Span'];

/** Every row is this tall, so the window knows which rows it shows from the scroll position alone. */
export const SPAN_ROW_HEIGHT = 28;
const VIEW_HEIGHT = 448;

interface SpanTreeProps {
  readonly spans: readonly Span[];
  /** False while more pages are coming: a span whose parent has not arrived yet is not called an orphan. */
  readonly complete: boolean;
  readonly selectedId: string | null;
  readonly onSelect: (span: Span) => void;
}

/**
 * A turn's spans as a tree beside their timeline: each span a bar at its start offset, as long as its duration, its
 * children below it. Rendered in windows (only the rows in view are in the page), so 5,000 spans open and scroll
 * like 50. Arrow keys move the selection; right and left open and fold.
 */
export function SpanTree({ spans, complete, selectedId, onSelect }: SpanTreeProps) {
  const roots = useMemo(() => buildSpanTree(spans), [spans]);
  const range = useMemo(() => timeRange(spans), [spans]);
  const [closed, setClosed] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => visibleRows(roots, closed), [roots, closed]);
  const [scrollTop, setScrollTop] = useState(0);
  const scroller = useRef<HTMLElement>(null);
  const view = rowWindow({ rowCount: rows.length, rowHeight: SPAN_ROW_HEIGHT, scrollTop, viewportHeight: VIEW_HEIGHT });

  // The chosen span scrolled into view once it is among the rows (a deep link, a reload, a page that arrived later).
  const shown = useRef<string | null>(null);
  useEffect(() => {
    if (!selectedId || shown.current === selectedId) return;
    const index = rows.findIndex((row) => row.node.span.id === selectedId);
    const element = scroller.current;
    if (index < 0 || !element) return;
    shown.current = selectedId;
    element.scrollTop = scrollToShow(index, SPAN_ROW_HEIGHT, element.scrollTop, VIEW_HEIGHT);
  }, [rows, selectedId]);

  const fold = (id: string, open: boolean) =>
    setClosed((before) => {
      const next = new Set(before);
      if (open) next.delete(id);
      else next.add(id);
      return next;
    });
  const moveTo = (index: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, index))];
    if (!row) return;
    onSelect(row.node.span);
    const element = scroller.current;
    if (element) element.scrollTop = scrollToShow(rows.indexOf(row), SPAN_ROW_HEIGHT, element.scrollTop, VIEW_HEIGHT);
  };
  const onKey = (event: KeyboardEvent) => {
    const at = rows.findIndex((row) => row.node.span.id === selectedId);
    const row = rows[at];
    if (event.key === 'ArrowDown') moveTo(at + 1);
    else if (event.key === 'ArrowUp') moveTo(at - 1);
    else if (event.key === 'ArrowRight' && row?.node.children.length) fold(row.node.span.id, true);
    else if (event.key === 'ArrowLeft' && row?.node.children.length) fold(row.node.span.id, false);
    else return;
    event.preventDefault();
  };

  return (
    <div class="span-tree">
      <div class="span-head" aria-hidden="true">
        <span>Span</span>
        <span>Timeline{range ? ` · ${formatDuration(range.endMs - range.startMs)}` : ''}</span>
        <span class="number">Duration</span>
      </div>
      <section
        ref={scroller}
        class="span-scroller"
        style={{ height: `${Math.min(VIEW_HEIGHT, view.totalHeight + 2)}px` }}
        onScroll={(event) => setScrollTop((event.currentTarget as HTMLElement).scrollTop)}
        onKeyDown={onKey}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard focus (arrows move the selection)
        tabIndex={0}
        aria-label={`Spans: ${spans.length.toLocaleString('en')}, ${rows.length.toLocaleString('en')} shown`}
      >
        <div style={{ height: `${view.totalHeight}px`, position: 'relative' }}>
          <ul class="span-rows" style={{ transform: `translateY(${view.offsetTop}px)` }}>
            {rows.slice(view.start, view.end).map((row) => (
              <SpanRow
                key={row.node.span.id}
                row={row}
                range={range}
                selected={row.node.span.id === selectedId}
                complete={complete}
                onSelect={onSelect}
                onFold={fold}
              />
            ))}
          </ul>
        </div>
      </section>
      <p class="table-status">
        {complete ? '' : 'Loading more spans… '}
        {spans.length.toLocaleString('en')} spans · {rows.length.toLocaleString('en')}{' '}
        {rows.length === 1 ? 'row' : 'rows'} open
      </p>
    </div>
  );
}

interface SpanRowProps {
  readonly row: TreeRow<Span>;
  readonly range: TimeRange | null;
  readonly selected: boolean;
  readonly complete: boolean;
  readonly onSelect: (span: Span) => void;
  readonly onFold: (id: string, open: boolean) => void;
}

function SpanRow({ row, range, selected, complete, onSelect, onFold }: SpanRowProps) {
  const { span } = row.node;
  const bar = barOf(span, range);
  const hasChildren = row.node.children.length > 0;
  return (
    <li class={`span-row${selected ? ' selected' : ''}${span.error ? ' failed' : ''}`} data-span={span.id}>
      <span class="span-name" style={{ paddingLeft: `${row.depth * 14}px` }}>
        {hasChildren ? (
          <button
            type="button"
            class="fold"
            aria-expanded={row.open}
            aria-label={`${row.open ? 'Fold' : 'Unfold'} ${span.name}`}
            title={row.open ? undefined : `${descendantCount(row.node).toLocaleString('en')} spans below`}
            onClick={() => onFold(span.id, !row.open)}
          >
            {row.open ? '▾' : '▸'}
          </button>
        ) : (
          <span class="fold-space" />
        )}
        <button type="button" class="span-pick" aria-pressed={selected} onClick={() => onSelect(span)}>
          <span class={`span-type type-${span.type}`}>{span.type}</span> {span.name}
          {row.node.orphan && complete ? <span class="muted"> (parent not found)</span> : null}
        </button>
      </span>
      <span class="span-lane">
        <span class="span-bar" style={{ left: `${bar.left}%`, width: `${bar.width}%` }} />
      </span>
      <span class="number">{formatDuration(bar.durationMs)}</span>
    </li>
  );
}
