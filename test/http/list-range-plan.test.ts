import test from 'ava';
import type { ApiClient, ApiResponse } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

// A small start-time range under an order on another field is read through the range's index and sorted (the
// range plan); its answer must be the plain plan's: the unfiltered list in the same order, with the range kept.

type Span = { id: string; name: string; startTime: string | null };

function next(response: ApiResponse): string | null {
  const match = /^<([^>]+)>; rel="next"$/.exec(response.headers.get('link') ?? '');
  return match ? match[1] : null;
}

async function walk(client: ApiClient, first: string): Promise<Span[]> {
  const rows: Span[] = [];
  for (let target: string | null = first; target !== null; ) {
    const response = await client.request('GET', target);
    if (response.status !== 200) throw new Error(`${target}: ${response.status} ${JSON.stringify(response.body)}`);
    rows.push(...response.body);
    target = next(response);
  }
  return rows;
}

const minute = (index: number) => new Date(Date.UTC(2026, 0, 1, 0, index)).toISOString();
const ids = (rows: readonly Span[]) => rows.map((row) => row.id);

/** Each case: its query, and which spans of the unfiltered list it keeps. */
const CASES: readonly { query: string; keeps: (span: Span) => boolean }[] = [
  { query: `startTimeBefore=${minute(6)}`, keeps: (span) => span.startTime !== null && span.startTime <= minute(6) },
  {
    query: `startTimeAfter=${minute(3)}&startTimeBefore=${minute(8)}`,
    keeps: (span) => span.startTime !== null && span.startTime >= minute(3) && span.startTime <= minute(8),
  },
  {
    query: `startTimeBefore=${minute(7)}&names=step-1`,
    keeps: (span) => span.startTime !== null && span.startTime <= minute(7) && span.name === 'step-1',
  },
];

const SORTS = ['', '&sort=createdAt,asc', '&sort=createdAt,desc', '&sort=name,asc', '&sort=id,desc'];

for (const { world, title } of await databaseWorlds(test)) {
  /** 36 spans in four batches (creation times shared within a batch), start times over 12 minutes, some none. */
  async function tenantWithSpans() {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    for (let batch = 0; batch < 4; batch++) {
      const traces = Array.from({ length: 9 }, (_, index) => ({
        id: uniqueSpanId('range'),
        inferenceResultId,
        name: `step-${index % 3}`,
        ...(index === 4 ? {} : { startTime: minute((batch * 3 + index) % 12) }),
      }));
      const created = await postSpans(tenant.member, traces);
      if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    }
    return tenant;
  }

  test(title('the range plan answers what the plain plan answers: same spans, same order, every page'), async (t) => {
    const tenant = await tenantWithSpans();
    const other = await tenantWithSpans();
    const otherIds = new Set(ids((await other.member.get('/traces?limit=1000')).body));
    for (const sort of SORTS) {
      const whole: Span[] = (await tenant.member.get(`/traces?limit=1000${sort}`)).body;
      t.is(whole.length, 36);
      for (const { query, keeps } of CASES) {
        const expected = ids(whole.filter(keeps));
        t.true(expected.length > 3, `${query}${sort} spans several pages`);
        const listed = await tenant.member.get(`/traces?limit=1000&${query}${sort}`);
        t.deepEqual(ids(listed.body), expected, `${query}${sort}: one page`);
        const walked = ids(await walk(tenant.member, `/traces?limit=3&${query}${sort}`));
        t.deepEqual(walked, expected, `${query}${sort}: followed by cursor`);
        t.false(
          walked.some((id) => otherIds.has(id)),
          `${query}${sort}: no span of another organization`,
        );
        const offset = await tenant.member.get(`/traces?limit=3&offset=3&${query}${sort}`);
        t.deepEqual(ids(offset.body), expected.slice(3, 6), `${query}${sort}: by offset`);
      }
    }
  });

  test(title('a deleted span inside the range is left out of the range plan'), async (t) => {
    const tenant = await tenantWithSpans();
    const query = `startTimeBefore=${minute(6)}`;
    const before: Span[] = (await tenant.member.get(`/traces?limit=1000&${query}`)).body;
    const gone = [before[0].id, before[4].id];
    t.is((await tenant.member.delete('/traces/batch', { ids: gone })).status, 200);
    const whole: Span[] = (await tenant.member.get('/traces?limit=1000')).body;
    const expected = ids(whole.filter(CASES[0].keeps));
    t.deepEqual(
      expected,
      ids(before).filter((id) => !gone.includes(id)),
    );
    t.deepEqual(ids((await tenant.member.get(`/traces?limit=3&${query}`)).body), expected.slice(0, 3));
    t.deepEqual(ids(await walk(tenant.member, `/traces?limit=3&${query}`)), expected);
  });
}
