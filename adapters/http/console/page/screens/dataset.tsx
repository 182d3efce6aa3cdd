import { useCallback, useState } from 'preact/hooks';
import { answered, client, listPage, type Schemas } from '../api.ts';
import { type Column, DataTable } from '../components/data-table.tsx';
import { ErrorBanner } from '../components/error-banner.tsx';
import { GeneratePanel } from '../components/generate-panel.tsx';
import { GENERATED_COLUMNS, hasGenerated } from '../components/generated-columns.ts';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { useLoad } from '../components/use-load.ts';
import { usePagedList } from '../components/use-paged-list.ts';
import { excerpt, oneLine, when } from '../format.ts';
import { setQuery } from '../router.ts';
import { TestCaseRevisions } from './dataset-revisions.tsx';

type TestCase = Schemas['TestCase'];

async function loadTest(id: string) {
  const test = await answered(client.GET('/tests/{id}', { params: { path: { id } } }));
  const product = await answered(client.GET('/products/{id}', { params: { path: { id: test.productId } } })).catch(
    () => null,
  );
  return { test, product };
}

/** A dataset (test): its test cases (input, expected output, language, variant), and a chosen case's revisions. */
export function DatasetScreen({ id, query }: { readonly id: string; readonly query: URLSearchParams }) {
  const loaded = useLoad(() => loadTest(id), [id]);
  const everyRevision = query.get('revisions') === 'all';
  const [written, setWritten] = useState(0);
  const load = useCallback(
    (cursor: string | null) =>
      listPage(
        '/testCases',
        { testIds: [id], includeLegacy: everyRevision, sort: 'createdAt,asc', limit: 200 },
        cursor,
      ),
    [id, everyRevision],
  );
  const list = usePagedList(load, [id, everyRevision, written]);
  const chosen = query.get('case');
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the dataset…" />;
  const { test, product } = loaded.data;

  const generated = hasGenerated(list.rows);
  const columns: readonly Column<TestCase>[] = [
    {
      header: 'Input',
      width: generated ? '24%' : '34%',
      cell: (testCase) => (
        <button
          type="button"
          class="link-button cell-button"
          aria-pressed={testCase.id === chosen}
          onClick={() => setQuery({ case: testCase.id })}
        >
          {excerpt(oneLine(testCase.input), 90) || testCase.id}
        </button>
      ),
    },
    { header: 'Expected output', cell: (testCase) => excerpt(testCase.expectedOutput ?? '—', 90) },
    { header: 'Language', width: '7rem', cell: (testCase) => testCase.languageCode ?? '—' },
    { header: 'Variant', width: '9rem', cell: (testCase) => testCase.variant ?? '—' },
    ...(generated ? GENERATED_COLUMNS : []),
    {
      header: 'Revision',
      width: '10.5rem',
      cell: (testCase) => (testCase.legacyAt ? 'earlier' : testCase.parentTestCaseId ? 'current (edited)' : 'current'),
    },
    { header: 'Created', width: '11rem', cell: (testCase) => when(testCase.createdAt) },
  ];
  return (
    <section>
      <h1>Dataset {test.name}</h1>
      <p class="subtitle">
        {test.type} test of{' '}
        {product ? (
          <Link href={`/app/products/${encodeURIComponent(product.id)}`}>{product.name}</Link>
        ) : (
          test.productId
        )}
        {test.description ? ` — ${test.description}` : ''}
      </p>
      <GeneratePanel testId={test.id} type={test.type} onWritten={() => setWritten((n) => n + 1)} />
      <div class="actions">
        <label class="check">
          <input
            type="checkbox"
            id="every-revision"
            checked={everyRevision}
            onChange={(event) =>
              setQuery({ revisions: (event.currentTarget as HTMLInputElement).checked ? 'all' : null })
            }
          />{' '}
          List earlier revisions too
        </label>
      </div>
      <div class={generated ? 'dataset-cases wide' : 'dataset-cases'}>
        <DataTable
          label="Test cases"
          columns={columns}
          rows={list.rows}
          rowKey={(testCase) => testCase.id}
          more={list.more}
          loading={list.loading}
          error={list.error}
          onMore={list.loadMore}
          empty="This dataset has no test case yet."
        />
      </div>
      {chosen ? (
        <TestCaseRevisions key={chosen} id={chosen} />
      ) : (
        <p class="muted">Choose a test case to see it whole, with its revisions.</p>
      )}
    </section>
  );
}
