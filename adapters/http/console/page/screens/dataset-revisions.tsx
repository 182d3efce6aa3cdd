import { answered, client, listAll, type Schemas } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Loading } from '../components/loading.tsx';
import { SpanJson, SpanText } from '../components/span-json.tsx';
import { useLoad } from '../components/use-load.ts';
import { when } from '../format.ts';
import { revisionHistory } from '../lib/revisions.ts';

type TestCase = Schemas['TestCase'];

async function loadFamily(id: string) {
  const testCase = await answered(client.GET('/testCases/{id}', { params: { path: { id } } }));
  const family = await listAll('/testCases', { testCaseGroupIds: [testCase.testCaseGroupId], includeLegacy: true });
  return { testCase, history: revisionHistory(family as TestCase[]) };
}

/** A test case whole, and every revision of its family newest first, each saying what it changed. */
export function TestCaseRevisions({ id }: { readonly id: string }) {
  const loaded = useLoad(() => loadFamily(id), [id]);
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the test case…" />;
  const { history } = loaded.data;
  return (
    <section class="test-case" aria-labelledby="test-case-title">
      <h2 id="test-case-title">Test case and its revisions ({history.length})</h2>
      <ol class="revisions">
        {history.map(({ revision, changed }, index) => (
          <li key={revision.id} class={revision.id === id ? 'revision chosen' : 'revision'} data-revision={revision.id}>
            <h3>
              Revision {history.length - index}
              {revision.legacyAt ? ` · replaced ${when(revision.legacyAt)}` : ' · current'}
            </h3>
            <p class="muted">
              {revision.id} · created {when(revision.createdAt)} by {revision.userId}
              {changed.length > 0 ? ` · changed ${changed.join(', ')}` : ''}
            </p>
            <dl class="facts">
              <Fact label="Language" value={revision.languageCode} />
              <Fact label="Variant" value={revision.variant} />
              <Fact label="Strategy" value={revision.strategy} />
              <Fact label="Expected tools" value={revision.expectedTools.join(', ') || null} />
            </dl>
            <h4>Input</h4>
            <SpanJson value={revision.input} label={`Input of revision ${history.length - index}`} />
            <h4>Expected output</h4>
            {revision.expectedOutput === null ? (
              <p class="muted">None.</p>
            ) : (
              <SpanText text={revision.expectedOutput} />
            )}
            {revision.context && (
              <>
                <h4>Context</h4>
                <SpanJson value={revision.context} label={`Context of revision ${history.length - index}`} />
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function Fact({ label, value }: { readonly label: string; readonly value: string | null }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value ?? '—'}</dd>
    </div>
  );
}
