import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import type { Page } from '../api.ts';

/** A list read page by page: the rows so far, whether more exist, and how to fetch the next page. */
export interface PagedList<T> {
  readonly rows: readonly T[];
  readonly more: boolean;
  readonly loading: boolean;
  readonly error: unknown;
  loadMore(): void;
}

/**
 * Reads a list by cursor pages: the first page when `keys` change (filters, sort), the next when asked (the table
 * asks as its window nears the last row). A page answered for older keys is dropped.
 */
export function usePagedList<T>(load: (cursor: string | null) => Promise<Page<T>>, keys: readonly unknown[]) {
  const [state, setState] = useState<Omit<PagedList<T>, 'loadMore'>>({
    rows: [],
    more: false,
    loading: true,
    error: null,
  });
  const generation = useRef(0);
  const cursor = useRef<string | null>(null);
  const busy = useRef(false);

  const fetchPage = useCallback(
    (first: boolean) => {
      const mine = first ? ++generation.current : generation.current;
      if (first) cursor.current = null;
      busy.current = true;
      setState((before) => ({ ...before, ...(first ? { rows: [] } : {}), loading: true, error: null }));
      load(cursor.current).then(
        (page) => {
          if (mine !== generation.current) return;
          cursor.current = page.next;
          busy.current = false;
          setState((before) => ({
            rows: first ? page.items : [...before.rows, ...page.items],
            more: page.next !== null,
            loading: false,
            error: null,
          }));
        },
        (error: unknown) => {
          if (mine !== generation.current) return;
          busy.current = false;
          setState((before) => ({ ...before, loading: false, error }));
        },
      );
    },
    [load],
  );

  useEffect(() => fetchPage(true), keys);
  const loadMore = useCallback(() => {
    if (!busy.current && cursor.current) fetchPage(false);
  }, [fetchPage]);
  return { ...state, loadMore } satisfies PagedList<T>;
}
