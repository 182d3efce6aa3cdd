/** The traces page's filters, as the address bar keeps them (so a filtered list survives a reload or a shared link). */
export interface TraceFilters {
  readonly productId: string | null;
  readonly versionId: string | null;
  /** `production`: isProduction=true; `test`: sessions of test cases and runs (isProduction=false). */
  readonly production: 'all' | 'production' | 'test';
  readonly status: 'PENDING' | 'COMPLETED' | 'FAILED' | null;
  /** ISO 8601 instants, inclusive. */
  readonly from: string | null;
  readonly to: string | null;
}

export const NO_TRACE_FILTERS: TraceFilters = {
  productId: null,
  versionId: null,
  production: 'all',
  status: null,
  from: null,
  to: null,
};

const STATUSES = ['PENDING', 'COMPLETED', 'FAILED'] as const;
const ID = /^[A-Za-z]+_[A-Za-z0-9_-]{1,120}$/;

const id = (value: string | null): string | null => (value !== null && ID.test(value) ? value : null);
const instant = (value: string | null): string | null => {
  if (value === null || value === '') return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
};

/** Reads the filters from a query string; a value that is not one of the filter's values is ignored. */
export function parseTraceFilters(search: string): TraceFilters {
  const query = new URLSearchParams(search);
  const production = query.get('production');
  const status = query.get('status');
  return {
    productId: id(query.get('product')),
    versionId: id(query.get('version')),
    production: production === 'production' || production === 'test' ? production : 'all',
    status: STATUSES.find((known) => known === status) ?? null,
    from: instant(query.get('from')),
    to: instant(query.get('to')),
  };
}

/** The query string that keeps the filters in the address bar (empty when none is set). */
export function traceFiltersSearch(filters: TraceFilters): string {
  const query = new URLSearchParams();
  if (filters.productId) query.set('product', filters.productId);
  if (filters.versionId) query.set('version', filters.versionId);
  if (filters.production !== 'all') query.set('production', filters.production);
  if (filters.status) query.set('status', filters.status);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  const text = query.toString();
  return text ? `?${text}` : '';
}

/**
 * The `GET /sessions` query for the filters, newest first. Sessions are filtered by version, so a product filter
 * becomes the ids of its versions (`productVersionIds`); a version filter wins over it. A product without versions
 * has no sessions: null tells the caller to show an empty list without asking.
 */
export function sessionListQuery(
  filters: TraceFilters,
  productVersionIds: readonly string[] | null,
  limit: number,
): Record<string, string | string[]> | null {
  const query: Record<string, string | string[]> = { limit: String(limit), sort: 'createdAt,desc' };
  if (filters.versionId) query.versionIds = [filters.versionId];
  else if (filters.productId) {
    if (!productVersionIds || productVersionIds.length === 0) return null;
    query.versionIds = [...productVersionIds];
  }
  if (filters.production !== 'all') query.isProduction = String(filters.production === 'production');
  if (filters.status) query.statuses = [filters.status];
  if (filters.from) query.createdAfter = filters.from;
  if (filters.to) query.createdBefore = filters.to;
  return query;
}
