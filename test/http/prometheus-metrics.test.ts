import test from 'ava';
import { createTenant, httpDatabases, useWorld } from '../support/http-world.ts';
import { sample } from '../support/prometheus-text.ts';
import { createInferenceResultFor } from '../support/tracing-fixtures.ts';

for (const database of (await httpDatabases()).filter((kind) => kind !== 'external')) {
  const world = useWorld(test, database);

  test(`[${database}] /metrics on its own port: requests, latency, spans, evaluations, pool (and queue on PostgreSQL)`, async (t) => {
    const metricsUrl = await world().platform.listenMetrics?.(0);
    t.truthy(metricsUrl);
    const scrape = async () => {
      const response = await fetch(`${metricsUrl}/metrics`);
      t.is(response.status, 200);
      t.regex(response.headers.get('content-type') ?? '', /text\/plain/);
      return response.text();
    };
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const before = await scrape();
    const spans = await tenant.member.post('/traces/batch?includeRejected=true', {
      traces: [
        { inferenceResultId, name: 'kept' },
        { inferenceResultId, name: '' },
      ],
    });
    t.is(spans.status, 201);
    t.is((await tenant.member.get('/products/product_missing')).status, 404);
    const after = await scrape();
    const route = { route: '/traces/batch', method: 'POST', status: '201' };
    t.is(sample(after, 'assay_http_requests_total', route) - sample(before, 'assay_http_requests_total', route), 1);
    t.is(sample(after, 'assay_http_requests_total', { route: '/products/:id', status: '404' }), 1);
    t.true(sample(after, 'assay_http_request_duration_seconds_count', { route: '/traces/batch' }) >= 1);
    t.is(sample(after, 'assay_spans_total', { outcome: 'accepted' }), 1);
    t.is(sample(after, 'assay_spans_total', { outcome: 'refused' }), 1);
    t.regex(after, /^# TYPE assay_evaluations gauge$/m);
    t.regex(after, /^assay_database_pool_connections\{state="in_use"\} \d+$/m);
    if (database === 'postgres') t.regex(after, /^# TYPE assay_queue_depth gauge$/m);
    t.is((await fetch(`${metricsUrl}/other`)).status, 404);
    const catalogue = await fetch(`${world().url}/metrics`, {
      headers: { authorization: `Bearer ${world().adminKey}` },
    });
    t.false((await catalogue.text()).includes('assay_http_requests_total'), 'the API port keeps its metric catalogue');
  });
}
