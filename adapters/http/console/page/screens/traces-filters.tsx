import type { Schemas } from '../api.ts';
import { listAll } from '../api.ts';
import { useLoad } from '../components/use-load.ts';
import { NO_TRACE_FILTERS, type TraceFilters } from '../lib/trace-filters.ts';

/** An instant as a `datetime-local` field shows it (the browser's time zone), and back. */
const toField = (iso: string | null): string => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromField = (value: string): string | null => {
  const time = Date.parse(value);
  return value && !Number.isNaN(time) ? new Date(time).toISOString() : null;
};

interface FormProps {
  readonly filters: TraceFilters;
  readonly products: readonly Schemas['Product'][];
  readonly onChange: (filters: TraceFilters) => void;
}

/** The traces page's filters: product, version, production or not, status, time range; each change applies at once. */
export function TraceFilterForm({ filters, products, onChange }: FormProps) {
  const versions = useLoad(
    () =>
      filters.productId
        ? listAll('/versions', { productIds: [filters.productId], sort: 'number,desc' })
        : Promise.resolve([]),
    [filters.productId],
  );
  const set = (changes: Partial<TraceFilters>) => onChange({ ...filters, ...changes });
  const value = (event: Event) => (event.currentTarget as HTMLInputElement | HTMLSelectElement).value;
  return (
    <form class="filters" aria-label="Filters" onSubmit={(event) => event.preventDefault()}>
      <label>
        Product
        <select
          id="filter-product"
          value={filters.productId ?? ''}
          onChange={(event) => set({ productId: value(event) || null, versionId: null })}
        >
          <option value="">All products</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Version
        <select
          id="filter-version"
          value={filters.versionId ?? ''}
          disabled={!filters.productId}
          onChange={(event) => set({ versionId: value(event) || null })}
        >
          <option value="">All versions</option>
          {(versions.data ?? []).map((version) => (
            <option key={version.id} value={version.id}>
              {version.name ?? `v${version.number}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        Production
        <select
          id="filter-production"
          value={filters.production}
          onChange={(event) => set({ production: value(event) as TraceFilters['production'] })}
        >
          <option value="all">All sessions</option>
          <option value="production">Production only</option>
          <option value="test">Tests and runs only</option>
        </select>
      </label>
      <label>
        Status
        <select
          id="filter-status"
          value={filters.status ?? ''}
          onChange={(event) => set({ status: (value(event) || null) as TraceFilters['status'] })}
        >
          <option value="">Any status</option>
          <option value="PENDING">PENDING</option>
          <option value="COMPLETED">COMPLETED</option>
          <option value="FAILED">FAILED</option>
        </select>
      </label>
      <label>
        Opened from
        <input
          id="filter-from"
          type="datetime-local"
          value={toField(filters.from)}
          onChange={(event) => set({ from: fromField(value(event)) })}
        />
      </label>
      <label>
        Opened until
        <input
          id="filter-to"
          type="datetime-local"
          value={toField(filters.to)}
          onChange={(event) => set({ to: fromField(value(event)) })}
        />
      </label>
      <button type="button" onClick={() => onChange(NO_TRACE_FILTERS)}>
        Clear filters
      </button>
    </form>
  );
}
