import type { ComponentChildren } from 'preact';
import { matchPath, type Place } from './router.ts';
import { Compare } from './screens/compare.tsx';
import { DatasetScreen } from './screens/dataset.tsx';
import { MonitorScreen } from './screens/monitor.tsx';
import { NotFound } from './screens/not-found.tsx';
import { ProductScreen } from './screens/product.tsx';
import { Products } from './screens/products.tsx';
import { RunScreen } from './screens/run.tsx';
import { SessionScreen } from './screens/session.tsx';
import { TracesScreen } from './screens/traces.tsx';

/** A screen of the console: the path it answers under /app and what it shows. */
export interface ScreenRoute {
  /** `/runs/:id`: its parameters come to `render`. */
  readonly path: string;
  readonly render: (params: Record<string, string>, place: Place) => ComponentChildren;
  /** A section shown in the navigation bar, under this label. */
  readonly nav?: string;
  /** The paths (prefixes) that highlight this section in the navigation bar. */
  readonly section?: readonly string[];
}

/** Every screen. Add a screen by adding its line here (and its file in screens/). */
export const SCREENS: readonly ScreenRoute[] = [
  {
    path: '/',
    nav: 'Products',
    section: ['/', '/products', '/runs', '/compare', '/monitors'],
    render: () => <Products />,
  },
  { path: '/products/:id', render: ({ id }) => <ProductScreen id={id} /> },
  { path: '/runs/:id', render: ({ id }, place) => <RunScreen id={id} place={place} /> },
  { path: '/compare', render: (_params, place) => <Compare query={place.query} /> },
  {
    path: '/traces',
    nav: 'Traces',
    section: ['/traces', '/sessions'],
    render: (_params, place) => <TracesScreen query={place.query} />,
  },
  { path: '/sessions/:id', render: ({ id }, place) => <SessionScreen id={id} query={place.query} /> },
  { path: '/tests/:id', render: ({ id }, place) => <DatasetScreen id={id} query={place.query} /> },
  { path: '/monitors/:id', render: ({ id }) => <MonitorScreen id={id} /> },
];

/** The screen answering a place, with its parameters (the not-found screen when none does). */
export function screenFor(place: Place): ComponentChildren {
  for (const screen of SCREENS) {
    const params = matchPath(screen.path, place.path);
    if (params) return screen.render(params, place);
  }
  return <NotFound />;
}
