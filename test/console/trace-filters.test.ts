import test from 'ava';
import {
  NO_TRACE_FILTERS,
  parseTraceFilters,
  sessionListQuery,
  traceFiltersSearch,
} from '../../adapters/http/console/page/lib/trace-filters.ts';

test('filters survive the address bar both ways', (t) => {
  const filters = {
    productId: 'product_01ABC',
    versionId: null,
    production: 'test' as const,
    status: 'FAILED' as const,
    from: '2026-11-01T00:00:00.000Z',
    to: '2026-11-27T23:59:59.000Z',
  };
  const search = traceFiltersSearch(filters);
  t.is(
    search,
    '?product=product_01ABC&production=test&status=FAILED&from=2026-11-01T00%3A00%3A00.000Z&to=2026-11-27T23%3A59%3A59.000Z',
  );
  t.deepEqual(parseTraceFilters(search), filters);
  t.is(traceFiltersSearch(NO_TRACE_FILTERS), '');
});

test('values that are not the filter values are ignored', (t) => {
  t.deepEqual(parseTraceFilters('?product=<img>&status=DONE&production=maybe&from=yesterday&to=2026-11-27'), {
    ...NO_TRACE_FILTERS,
    to: '2026-11-27T00:00:00.000Z',
  });
});

test('the sessions query: newest first, the product as its versions, a version winning over it', (t) => {
  t.deepEqual(sessionListQuery(NO_TRACE_FILTERS, null, 50), { limit: '50', sort: 'createdAt,desc' });
  const byProduct = {
    ...NO_TRACE_FILTERS,
    productId: 'product_1',
    production: 'production' as const,
    status: 'PENDING' as const,
  };
  t.deepEqual(sessionListQuery(byProduct, ['version_1', 'version_2'], 50), {
    limit: '50',
    sort: 'createdAt,desc',
    versionIds: ['version_1', 'version_2'],
    isProduction: 'true',
    statuses: ['PENDING'],
  });
  t.is(sessionListQuery(byProduct, [], 50), null, 'a product without versions has no sessions');
  t.like(sessionListQuery({ ...byProduct, versionId: 'version_9' }, ['version_1'], 50), { versionIds: ['version_9'] });
  t.like(sessionListQuery({ ...NO_TRACE_FILTERS, from: 'a', to: 'b' }, null, 10), {
    createdAfter: 'a',
    createdBefore: 'b',
  });
});
