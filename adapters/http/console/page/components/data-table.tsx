import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { count } from '../format.ts';
import { ErrorBanner } from './error-banner.tsx';

/** One column: its header and how a row shows in it (as text or elements, never as markup). */
export interface Column<T> {
  readonly header: string;
  readonly cell: (row: T) => ComponentChildren;
  /** A CSS width (`8rem`, `30%`); the rest share what is left. */
  readonly width?: string;
  readonly class?: string;
}

export interface DataTableProps<T> {
  /** What the table lists, for screen readers and for the tests (`aria-label`). */
  readonly label: string;
  readonly columns: readonly Column<T>[];
  readonly rows: readonly T[];
  readonly rowKey: (row: T) => string;
  /** How many rows the whole list has, when known (`evaluationCount`); otherwise the rows so far. */
  readonly total?: number;
  /** More rows exist: asked for (`onMore`) as the window nears the last row read. */
  readonly more?: boolean;
  readonly loading?: boolean;
  readonly error?: unknown;
  readonly onMore?: () => void;
  /** What an empty list says. */
  readonly empty?: string;
  /** The scrolling window's height in pixels (rows are ROW_HEIGHT tall). */
  readonly height?: number;
}

/** Every row is this tall, so the window knows which rows it shows from the scroll position alone. */
export const ROW_HEIGHT = 36;
const OVERSCAN = 10;

/**
 * A table rendered in windows: however many rows it holds (10,000 evaluations), only those in view and a few
 * around them are in the page; spacer rows keep the scroll bar true. Nearing the last row read asks for the next
 * cursor page.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { columns, rows, more = false, loading = false, onMore, height = 480 } = props;
  const box = useRef<HTMLElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const windowHeight = Math.min(height, (rows.length + 1) * ROW_HEIGHT + 2);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rows.length, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);

  // A list read afresh (other filters, another order) starts at its top.
  useEffect(() => {
    if (rows.length > 0 || !box.current) return;
    box.current.scrollTop = 0;
    setScrollTop(0);
  }, [rows.length]);
  useEffect(() => {
    if (more && !loading && !props.error && last >= rows.length - OVERSCAN) onMore?.();
  }, [more, loading, last, rows.length, onMore, props.error]);

  const shown = rows.slice(first, last);
  const total = props.total ?? rows.length;
  return (
    <div class="data-table">
      <section
        ref={box}
        class="table-window"
        style={{ maxHeight: `${height}px`, height: rows.length ? `${windowHeight}px` : undefined }}
        onScroll={(event) => setScrollTop((event.currentTarget as HTMLElement).scrollTop)}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard focus
        tabIndex={0}
        aria-label={props.label}
      >
        <table aria-rowcount={total + 1}>
          <colgroup>
            {columns.map((column) => (
              <col key={column.header} style={column.width ? { width: column.width } : undefined} />
            ))}
          </colgroup>
          <thead>
            <tr aria-rowindex={1}>
              {columns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {first > 0 && <tr class="spacer" style={{ height: `${first * ROW_HEIGHT}px` }} />}
            {shown.map((row, index) => (
              <tr
                key={props.rowKey(row)}
                class="data-row"
                aria-rowindex={first + index + 2}
                data-key={props.rowKey(row)}
              >
                {columns.map((column) => (
                  <td key={column.header} class={column.class}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
            {last < rows.length && <tr class="spacer" style={{ height: `${(rows.length - last) * ROW_HEIGHT}px` }} />}
          </tbody>
        </table>
      </section>
      <p class="table-status" aria-live="polite">
        {rows.length === 0 && !loading && !props.error
          ? (props.empty ?? 'Nothing to show.')
          : `${count(rows.length)} of ${count(total)} shown${loading ? ' · loading more…' : ''}`}
      </p>
      <ErrorBanner error={props.error} />
    </div>
  );
}
