import { useEffect, useState } from 'preact/hooks';

/** Where the console is served; every path under it is one of its screens. */
export const BASE = '/app';

/** The screen's place: its path under /app (`/runs/run_…`) and its query. */
export interface Place {
  readonly path: string;
  readonly query: URLSearchParams;
}

const here = (): Place => ({
  path: location.pathname.slice(BASE.length).replace(/\/+$/, '') || '/',
  query: new URLSearchParams(location.search),
});

/** Goes to another screen without reloading the page (the History API); `replace` keeps the back button's place. */
export function navigate(to: string, replace = false): void {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate'));
  if (!replace) window.scrollTo(0, 0);
}

/** The current place, following links, the back and forward buttons. */
export function usePlace(): Place {
  const [place, setPlace] = useState(here);
  useEffect(() => {
    const follow = () => setPlace(here());
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, []);
  return place;
}

/** The parameters of a path that fits a pattern (`/runs/:id` fits `/runs/run_1` with id run_1), or null. */
export function matchPath(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/');
  const have = path.split('/');
  if (want.length !== have.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of want.entries()) {
    const value = have[index];
    if (part.startsWith(':')) {
      if (!value) return null;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
      } catch {
        return null;
      }
    } else if (part !== value) return null;
  }
  return params;
}

/** A console path with its query (`appPath('/compare', { base, head })`); empty values are left out. */
export function appPath(path: string, query: Record<string, string | null | undefined> = {}): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value) search.set(name, value);
  const text = search.toString();
  return `${BASE}${path === '/' ? '' : path}${text ? `?${text}` : ''}`;
}

/** Replaces the query of the current screen (filters), keeping the path; the back button undoes it. */
export function setQuery(changes: Record<string, string | null>): void {
  const search = new URLSearchParams(location.search);
  for (const [name, value] of Object.entries(changes)) {
    if (value) search.set(name, value);
    else search.delete(name);
  }
  const text = search.toString();
  navigate(`${location.pathname}${text ? `?${text}` : ''}`, true);
}
