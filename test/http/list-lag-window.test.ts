import test from 'ava';
import type { ApiResponse } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { attribute, otlp, span as otelSpan } from '../support/otlp-json.ts';
import { createInferenceResultFor, createVersionFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

// `startTimeBefore` under the default order reads only spans that started within the organization's lag bound of
// the page's oldest candidate. Spans that arrive long after they started (a batch, an OTLP export) must still lead
// the list as the newest stored: the write raises the bound before the span is stored.

type Listed = { id: string; startTime: string | null; createdAt: string };

for (const { world, title } of await databaseWorlds(test)) {
  test(title('spans stored long after their start lead the started-before list, by batch and by OTLP'), async (t) => {
    const tenant = await createTenant(world());
    const other = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const aheadId = uniqueSpanId('ahead');
    const ahead = {
      id: aheadId,
      inferenceResultId,
      name: 'ahead',
      startTime: new Date(Date.now() + 30_000).toISOString(),
    };
    // Two batches that started a moment ago: the bound is about a second.
    for (let batch = 0; batch < 2; batch++) {
      const started = Date.now() - 1000;
      const traces = Array.from({ length: 6 }, (_, index) => ({
        id: uniqueSpanId('prompt'),
        inferenceResultId,
        name: `step-${index}`,
        startTime: new Date(started + index).toISOString(),
      }));
      t.is((await postSpans(tenant.member, traces)).status, 201);
      if (batch === 0) {
        // Between the two, a span from a client whose clock runs ahead: stored 30 s before it starts.
        t.is((await postSpans(tenant.member, [ahead])).status, 201);
      }
    }
    const before = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const page = async () => (await tenant.member.get(`/traces?limit=5&startTimeBefore=${before}`)).body as Listed[];
    const everyStarted = async () =>
      ((await tenant.member.get('/traces?limit=1000')).body as Listed[])
        .filter((row) => row.startTime !== null)
        .map((row) => row.id);
    const expected = async () => (await everyStarted()).slice(0, 5);
    t.deepEqual(
      (await page()).map((row) => row.id),
      await expected(),
    );

    // A span that started thirty days ago arrives now, in a batch of its own.
    const lateId = uniqueSpanId('late');
    const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString();
    t.is(
      (await postSpans(tenant.member, [{ id: lateId, inferenceResultId, name: 'late', startTime: monthAgo }])).status,
      201,
    );
    t.is((await page())[0].id, lateId);
    t.deepEqual(
      (await page()).map((row) => row.id),
      await expected(),
    );

    // An OTLP export of a span that started two months ago: newer still.
    const versionId = await createVersionFor(world(), tenant);
    const routing = [attribute('assay.version.id', versionId), attribute('session.id', 'late-export')];
    const startNanos = BigInt(Date.now() - 60 * 86_400_000) * 1_000_000n;
    const exported = await tenant.member.post(
      '/otel/v1/traces',
      otlp([
        otelSpan('0af7651916cd43dd', 'exported late', {
          startTimeUnixNano: String(startNanos),
          endTimeUnixNano: String(startNanos + 1_000_000n),
          attributes: routing,
        }),
      ]),
    );
    t.is(exported.status, 200, JSON.stringify(exported.body));
    const afterExport = await page();
    t.is(afterExport[0].startTime?.slice(0, 10), new Date(Number(startNanos / 1_000_000n)).toISOString().slice(0, 10));
    t.deepEqual(
      afterExport.map((row) => row.id),
      await expected(),
    );
    // A span dated in year 1 stretches the bound past any timestamp: the list reads the whole range, still right.
    const ancientId = uniqueSpanId('ancient');
    const ancient = { id: ancientId, inferenceResultId, name: 'ancient', startTime: '0001-01-01T00:00:00.000Z' };
    t.is((await postSpans(tenant.member, [ancient])).status, 201);
    const withAncient = await tenant.member.get(`/traces?limit=5&startTimeBefore=${before}`);
    t.is(withAncient.status, 200, JSON.stringify(withAncient.body));
    t.is(withAncient.body[0].id, ancientId);
    t.deepEqual(
      (withAncient.body as Listed[]).map((row) => row.id),
      await expected(),
    );
    // Followed by cursor, two spans a page: every started span once, the one stored before it started included.
    const walked: string[] = [];
    for (let next: string | null = `/traces?limit=2&startTimeBefore=${before}`; next !== null; ) {
      const answer: ApiResponse = await tenant.member.request('GET', next);
      t.is(answer.status, 200, JSON.stringify(answer.body));
      walked.push(...(answer.body as Listed[]).map((row) => row.id));
      next = /^<([^>]+)>; rel="next"$/.exec(answer.headers.get('link') ?? '')?.[1] ?? null;
    }
    t.deepEqual(walked, await everyStarted());
    t.true(walked.indexOf(aheadId) > 2, 'the span stored ahead of its start is on a cursor page');
    // The other organization's list is its own: none of these spans, and its bound untouched.
    t.deepEqual((await other.member.get(`/traces?limit=5&startTimeBefore=${before}`)).body, []);
  });
}
