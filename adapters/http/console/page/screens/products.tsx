import { useCallback } from 'preact/hooks';
import { listPage, type Schemas } from '../api.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { Link } from '../components/link.tsx';
import { usePagedList } from '../components/use-paged-list.ts';
import { when } from '../format.ts';

const columns: readonly Column<Schemas['Product']>[] = [
  {
    header: 'Product',
    width: '30%',
    cell: (product) => <Link href={`/app/products/${encodeURIComponent(product.id)}`}>{product.name}</Link>,
  },
  { header: 'Description', cell: (product) => product.description ?? '' },
  { header: 'Created', width: '11rem', cell: (product) => when(product.createdAt) },
];

/** The organization's products, newest first; each opens its page. */
export function Products() {
  const load = useCallback((cursor: string | null) => listPage('/products', { limit: 100 }, cursor), []);
  const list = usePagedList(load, []);
  return (
    <section>
      <h1>Products</h1>
      <DataTable
        label="Products"
        columns={columns}
        rows={list.rows}
        rowKey={(product) => product.id}
        more={list.more}
        loading={list.loading}
        error={list.error}
        onMore={list.loadMore}
        empty="No product yet: create one with POST /products or the CLI."
      />
    </section>
  );
}
