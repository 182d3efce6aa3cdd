import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { listAll, listByIds, listPage, type Schemas } from '../api.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { useLoad } from '../components/use-load.ts';
import { usePagedList } from '../components/use-paged-list.ts';
import { when } from '../format.ts';
import { parseTraceFilters, sessionListQuery, type TraceFilters, traceFiltersSearch } from '../lib/trace-filters.ts';
import { navigate } from '../router.ts';
import { TraceFilterForm } from './traces-filters.tsx';

type Session = Schemas['Session'];

/** A product filter sends its versions' ids; past this many, the newest are kept (choose a version for older ones). */
export const PRODUCT_VERSION_LIMIT = 300;

/** What each version is called in the list: `product · version` (each version asked for once). */
function useVersionLabels(rows: readonly Session[]): ReadonlyMap<string, string> {
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(new Map());
  const asked = useRef(new Set<string>());
  useEffect(() => {
    const unknown = [...new Set(rows.map((row) => row.versionId))].filter((id) => !asked.current.has(id));
    if (unknown.length === 0) return;
    for (const id of unknown) asked.current.add(id);
    (async () => {
      const versions = await listByIds('/versions', unknown);
      const products = await listByIds(
        '/products',
        versions.map((version) => version.productId),
      );
      const names = new Map(products.map((product) => [product.id, product.name]));
      setLabels((before) => {
        const next = new Map(before);
        for (const version of versions)
          next.set(version.id, `${names.get(version.productId) ?? '?'} · ${version.name ?? `v${version.number}`}`);
        return next;
      });
    })().catch(() => {});
  }, [rows]);
  return labels;
}

/** The ids of a product's versions, newest first, for the product filter. */
const productVersionIds = async (productId: string): Promise<string[]> =>
  (
    await listPage('/versions', { productIds: [productId], sort: 'createdAt,desc', limit: PRODUCT_VERSION_LIMIT })
  ).items.map((version) => version.id);

/** The organization's recent sessions, newest first, filtered as the address says; each row opens the session. */
export function TracesScreen({ query }: { readonly query: URLSearchParams }) {
  const search = query.toString();
  const filters = parseTraceFilters(search);
  const products = useLoad(() => listAll('/products', {}), []);
  const versionsOf = useRef(new Map<string, Promise<string[]>>());
  const load = useCallback(
    async (cursor: string | null) => {
      const productId = filters.versionId ? null : filters.productId;
      let versionIds: string[] | null = null;
      if (productId) {
        const known = versionsOf.current.get(productId) ?? productVersionIds(productId);
        versionsOf.current.set(productId, known);
        versionIds = await known.catch((error: unknown) => {
          versionsOf.current.delete(productId);
          throw error;
        });
      }
      const listQuery = sessionListQuery(filters, versionIds, 100);
      return listQuery === null ? { items: [], next: null } : listPage('/sessions', listQuery, cursor);
    },
    [search],
  );
  const list = usePagedList(load, [search]);
  const labels = useVersionLabels(list.rows);
  const change = (next: TraceFilters) => navigate(`/app/traces${traceFiltersSearch(next)}`, true);

  const columns: readonly Column<Session>[] = [
    { header: 'Opened', width: '11rem', cell: (session) => when(session.createdAt) },
    {
      header: 'Session',
      width: '28%',
      cell: (session) => (
        <Link href={`/app/sessions/${encodeURIComponent(session.id)}`}>{session.customId ?? session.id}</Link>
      ),
    },
    { header: 'Product · version', cell: (session) => labels.get(session.versionId) ?? session.versionId },
    { header: 'Production', width: '7rem', cell: (session) => (session.isProduction ? 'yes' : 'no') },
    {
      header: 'Status',
      width: '9.5rem',
      cell: (session) => <span class={`status status-${session.status}`}>{session.status}</span>,
    },
    { header: 'Finished', width: '11rem', cell: (session) => when(session.finishedAt) },
  ];
  return (
    <section>
      <h1>Traces</h1>
      <p class="subtitle">Recent sessions of the organization, newest first. Open one to see its turns and spans.</p>
      <TraceFilterForm filters={filters} products={products.data ?? []} onChange={change} />
      <ErrorBanner error={products.error} />
      <DataTable
        label="Sessions"
        columns={columns}
        rows={list.rows}
        rowKey={(session) => session.id}
        more={list.more}
        loading={list.loading}
        error={list.error}
        onMore={list.loadMore}
        empty="No session matches these filters."
      />
    </section>
  );
}
