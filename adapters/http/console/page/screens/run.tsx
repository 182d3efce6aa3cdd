import { useState } from 'preact/hooks';
import { answered, client } from '../api.ts';
import { ErrorBanner } from '../components/error-banner.tsx';
import { Link } from '../components/link.tsx';
import { Loading } from '../components/loading.tsx';
import { Facts, Status } from '../components/stat-list.tsx';
import { useLoad } from '../components/use-load.ts';
import { count, when } from '../format.ts';
import type { Place } from '../router.ts';
import { runSummary } from '../summaries.ts';
import { CompareWith } from './compare-with.tsx';
import { RunEvaluations } from './run-evaluations.tsx';
import { FailedSessions } from './run-failed-sessions.tsx';
import { Launches } from './run-launches.tsx';
import { Histograms, SummaryTable } from './run-summary.tsx';

/** Cost and tokens of the run's turns (left out while nothing is known of them). */
function usage(run: { cost: number | null; inputTokens: number | null; outputTokens: number | null }) {
  const facts: [string, string][] = [];
  if (run.cost !== null) facts.push(['Cost', `$${run.cost.toFixed(4)}`]);
  if (run.inputTokens !== null) facts.push(['Input tokens', count(run.inputTokens)]);
  if (run.outputTokens !== null) facts.push(['Output tokens', count(run.outputTokens)]);
  return facts;
}

/** A run: what it is, how its launches went, its metrics (table and histograms) and its evaluations. */
export function RunScreen({ id, place }: { readonly id: string; readonly place: Place }) {
  // The histograms read every score: they wait for the table's first page, which a person looks at first.
  const [tableShown, setTableShown] = useState(false);
  const loaded = useLoad(async () => {
    const run = await answered(client.GET('/runs/{id}', { params: { path: { id } } }));
    const [summary, product, version] = await Promise.all([
      runSummary(id),
      answered(client.GET('/products/{id}', { params: { path: { id: run.productId } } })),
      run.versionId ? answered(client.GET('/versions/{id}', { params: { path: { id: run.versionId } } })) : null,
    ]);
    return { run, summary, product, version };
  }, [id]);
  if (loaded.error) return <ErrorBanner error={loaded.error} />;
  if (!loaded.data) return <Loading label="Loading the run…" />;
  const { run, summary, product, version } = loaded.data;
  return (
    <article>
      <h1>
        Run #{run.ordinal}
        {run.customId ? ` · ${run.customId}` : ''}
      </h1>
      <Facts
        items={[
          ['Status', <Status key="status" value={run.status} />],
          [
            'Product',
            <Link key="product" href={`/app/products/${encodeURIComponent(product.id)}`}>
              {product.name}
            </Link>,
          ],
          ['Version', version ? `v${version.number}${version.name ? ` ${version.name}` : ''}` : '—'],
          ['Evaluations', count(run.evaluationCount)],
          ['Sessions', count(run.sessionCount)],
          ['Opened', when(run.createdAt)],
          ['Finished', when(run.finishedAt)],
          ...usage(run),
        ]}
      />
      <CompareWith runId={run.id} productId={run.productId} />
      <section>
        <h2 id="launches-heading">Launches</h2>
        <Launches launches={run.launches} />
        <FailedSessions runId={run.id} />
      </section>
      <section>
        <h2 id="metrics-heading">Metrics</h2>
        <SummaryTable summary={summary} />
        {tableShown ? <Histograms runId={run.id} summary={summary} /> : <Loading label="Loading the scores…" />}
      </section>
      <section>
        <h2 id="evaluations-heading">Evaluations</h2>
        <RunEvaluations
          runId={run.id}
          total={run.evaluationCount}
          summary={summary}
          query={place.query}
          onShown={() => setTableShown(true)}
        />
      </section>
    </article>
  );
}
