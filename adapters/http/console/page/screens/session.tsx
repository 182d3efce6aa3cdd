import { answered, client, listAll, listByIds, type Schemas } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { useLoad } from '../components/use-load.ts';
import { when } from '../format.ts';
import { setQuery } from '../router.ts';
import { Evaluations, TurnCard } from './session-turn.tsx';

/** Everything the session page shows, read when it opens. */
interface SessionData {
  readonly session: Schemas['Session'];
  readonly turns: readonly Schemas['InferenceResult'][];
  readonly evaluations: readonly Schemas['Evaluation'][];
  readonly metricNames: ReadonlyMap<string, string>;
  readonly version: Schemas['Version'] | null;
  readonly product: Schemas['Product'] | null;
  readonly testCase: Schemas['TestCase'] | null;
}

/** A record the session names, or null when it is gone (deleted since): the page still shows the session. */
const optional = <T,>(call: Promise<T>): Promise<T | null> => call.catch(() => null);

async function loadSession(id: string): Promise<SessionData> {
  const session = await answered(client.GET('/sessions/{id}', { params: { path: { id } } }));
  const [turns, evaluations, version, testCase] = await Promise.all([
    listAll('/inferenceResults', { sessionIds: [id], sort: 'createdAt,asc' }),
    listAll('/evaluations', { sessionIds: [id], sort: 'createdAt,asc' }),
    optional(answered(client.GET('/versions/{id}', { params: { path: { id: session.versionId } } }))),
    session.testCaseId
      ? optional(answered(client.GET('/testCases/{id}', { params: { path: { id: session.testCaseId } } })))
      : null,
  ]);
  const [metrics, product] = await Promise.all([
    listByIds(
      '/metrics',
      evaluations.map((evaluation) => evaluation.metricId),
    ),
    version ? optional(answered(client.GET('/products/{id}', { params: { path: { id: version.productId } } }))) : null,
  ]);
  const metricNames = new Map(metrics.map((metric) => [metric.id, metric.name]));
  return { session, turns, evaluations, metricNames, version, product, testCase };
}

/** The session page: the conversation turn by turn, each turn's evaluations and spans. */
export function SessionScreen({ id, query }: { readonly id: string; readonly query: URLSearchParams }) {
  const loaded = useLoad(() => loadSession(id), [id]);
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the session…" />;
  const { session, turns, evaluations, metricNames } = loaded.data;
  const openTurn = query.get('turn') ?? turns[0]?.id ?? null;
  const byTurn = new Map<string | null, Schemas['Evaluation'][]>();
  for (const evaluation of evaluations) {
    const list = byTurn.get(evaluation.inferenceResultId);
    if (list) list.push(evaluation);
    else byTurn.set(evaluation.inferenceResultId, [evaluation]);
  }
  return (
    <section>
      <h1>Session {session.customId ?? session.id}</h1>
      <SessionFacts data={loaded.data} />
      {session.error && <p class="banner error">{session.error}</p>}
      <h2>Evaluations of the whole session</h2>
      <Evaluations evaluations={byTurn.get(null) ?? []} metricNames={metricNames} />
      <h2>Conversation ({turns.length.toLocaleString('en')} turns)</h2>
      {turns.length === 0 && <p class="muted">No turn recorded yet.</p>}
      <ol class="turns">
        {turns.map((turn, index) => (
          <TurnCard
            key={turn.id}
            turn={turn}
            number={index + 1}
            evaluations={byTurn.get(turn.id) ?? []}
            metricNames={metricNames}
            open={turn.id === openTurn}
            selectedSpanId={turn.id === openTurn ? query.get('span') : null}
            onOpen={(open) => setQuery({ turn: open ? turn.id : 'none', span: null })}
            onSelectSpan={(spanId) => setQuery({ turn: turn.id, span: spanId })}
          />
        ))}
      </ol>
    </section>
  );
}

function SessionFacts({ data }: { readonly data: SessionData }) {
  const { session, version, product, testCase } = data;
  return (
    <dl class="facts">
      <div>
        <dt>Status</dt>
        <dd class={`status status-${session.status}`}>{session.status}</dd>
      </div>
      <div>
        <dt>Product · version</dt>
        <dd>
          {product ? <Link href={`/app/products/${encodeURIComponent(product.id)}`}>{product.name}</Link> : '—'}
          {version ? ` · ${version.name ?? `v${version.number}`}` : ''}
        </dd>
      </div>
      <div>
        <dt>Production</dt>
        <dd>{session.isProduction ? 'yes' : 'no'}</dd>
      </div>
      {session.runId && (
        <div>
          <dt>Run</dt>
          <dd>
            <Link href={`/app/runs/${encodeURIComponent(session.runId)}`}>{session.runId}</Link>
          </dd>
        </div>
      )}
      {testCase && (
        <div>
          <dt>Test case</dt>
          <dd>
            <Link href={`/app/tests/${encodeURIComponent(testCase.testId)}?case=${encodeURIComponent(testCase.id)}`}>
              {testCase.id}
            </Link>
          </dd>
        </div>
      )}
      <div>
        <dt>Opened</dt>
        <dd>{when(session.createdAt)}</dd>
      </div>
      <div>
        <dt>Finished</dt>
        <dd>{when(session.finishedAt)}</dd>
      </div>
      {session.stoppingReason && (
        <div>
          <dt>Stopping reason</dt>
          <dd>{session.stoppingReason}</dd>
        </div>
      )}
    </dl>
  );
}
