/** Which rows of a long list to draw: the ones in view plus a margin, and where they sit. */
export interface RowWindow {
  /** First row drawn (inclusive). */
  readonly start: number;
  /** Row after the last one drawn (exclusive). */
  readonly end: number;
  /** Pixels above the first drawn row (the space the rows before it would take). */
  readonly offsetTop: number;
  /** Pixels the whole list would take: the scroller's content height. */
  readonly totalHeight: number;
}

/** What the window is computed from: rows of one fixed height in a scroller. */
export interface WindowInput {
  readonly rowCount: number;
  readonly rowHeight: number;
  readonly scrollTop: number;
  readonly viewportHeight: number;
  /** Rows drawn beyond each edge of the view, so a quick scroll shows no gap. */
  readonly overscan?: number;
}

/**
 * The rows to draw for a scroll position: only those in view (and `overscan` around them), so 5,000 rows cost what
 * 50 cost. A scroll position past the end (the list shrank) shows the last rows.
 */
export function rowWindow(input: WindowInput): RowWindow {
  const { rowCount, rowHeight } = input;
  const overscan = Math.max(0, Math.floor(input.overscan ?? 10));
  const totalHeight = rowCount * rowHeight;
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0, offsetTop: 0, totalHeight: 0 };
  const viewport = Math.max(0, input.viewportHeight);
  const maxScroll = Math.max(0, totalHeight - viewport);
  const scrollTop = Math.min(Math.max(0, input.scrollTop), maxScroll);
  const firstVisible = Math.floor(scrollTop / rowHeight);
  const visible = Math.ceil(viewport / rowHeight) + 1;
  const start = Math.max(0, firstVisible - overscan);
  const end = Math.min(rowCount, firstVisible + visible + overscan);
  return { start, end, offsetTop: start * rowHeight, totalHeight };
}

/** The scroll position that brings a row into view (unchanged when it already is), for keyboard moves. */
export function scrollToShow(row: number, rowHeight: number, scrollTop: number, viewportHeight: number): number {
  const top = row * rowHeight;
  if (top < scrollTop) return top;
  const bottom = top + rowHeight;
  if (bottom > scrollTop + viewportHeight) return Math.max(0, bottom - viewportHeight);
  return scrollTop;
}
