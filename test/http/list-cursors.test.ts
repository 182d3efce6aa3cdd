import test from 'ava';
import type { ApiClient, ApiResponse } from '../support/api-client.ts';
import { createTenant, databaseWorlds } from '../support/http-world.ts';
import { createInferenceResultFor, postSpans, uniqueSpanId } from '../support/tracing-fixtures.ts';

/** The target of the answer's `Link: <…>; rel="next"`, or null on the last page. */
function next(response: ApiResponse): string | null {
  const link = response.headers.get('link');
  if (link === null) return null;
  const match = /^<([^>]+)>; rel="next"$/.exec(link);
  if (!match) throw new Error(`not a next link: ${link}`);
  return match[1];
}

/** Every page from `first`, following `next` links; `between` runs after each page (inserts during the walk). */
async function walk(client: ApiClient, first: string, between: () => Promise<void> = async () => undefined) {
  const pages: { id: string }[][] = [];
  for (let target: string | null = first; target !== null; ) {
    const response = await client.request('GET', target);
    if (response.status !== 200) throw new Error(`${target}: ${response.status} ${JSON.stringify(response.body)}`);
    pages.push(response.body);
    target = next(response);
    await between();
  }
  return pages;
}

const ids = (rows: readonly { id: string }[]) => rows.map((row) => row.id);
const cursorOf = (target: string) => new URL(target, 'http://x').searchParams.get('cursor') ?? '';

for (const { world, title } of await databaseWorlds(test)) {
  /** A tenant with `count` spans, some without a start time, several sharing one (so ties need the id). */
  async function tenantWithSpans(count: number) {
    const tenant = await createTenant(world());
    const { inferenceResultId } = await createInferenceResultFor(world(), tenant);
    const traces = Array.from({ length: count }, (_, index) => ({
      id: uniqueSpanId('walk'),
      inferenceResultId,
      name: `step-${index % 4}`,
      ...(index % 5 === 0 ? {} : { startTime: new Date(Date.UTC(2026, 0, 1, 0, index % 3)).toISOString() }),
    }));
    const created = await postSpans(tenant.member, traces);
    if (created.status !== 201) throw new Error(JSON.stringify(created.body));
    return { tenant, inferenceResultId, spanIds: ids(created.body) };
  }

  for (const sort of ['', '&sort=startTime,asc', '&sort=startTime,desc', '&sort=name,asc&sort=createdAt,desc']) {
    test(
      title(`following next visits every span once, in the list's order (${sort || 'default order'})`),
      async (t) => {
        const { tenant, spanIds } = await tenantWithSpans(23);
        const whole = await tenant.member.get(`/traces?limit=1000${sort}`);
        t.is(whole.body.length, 23);
        t.is(next(whole), null);
        const pages = await walk(tenant.member, `/traces?limit=4${sort}`);
        t.deepEqual(
          pages.map((page) => page.length),
          [4, 4, 4, 4, 4, 3],
        );
        t.deepEqual(ids(pages.flat()), ids(whole.body));
        t.deepEqual([...ids(pages.flat())].sort(), [...spanIds].sort());
      },
    );
  }

  test(title('a walk while spans are inserted visits every span that was there exactly once'), async (t) => {
    const { tenant, inferenceResultId, spanIds } = await tenantWithSpans(20);
    for (const sort of ['', '&sort=createdAt,asc', '&sort=name,desc']) {
      const inserting = async () => {
        const more = [0, 1].map((index) => ({ id: uniqueSpanId('late'), inferenceResultId, name: `step-${index}` }));
        t.is((await postSpans(tenant.member, more)).status, 201);
      };
      const visited = ids((await walk(tenant.member, `/traces?limit=3${sort}`, inserting)).flat());
      t.is(new Set(visited).size, visited.length, `no span twice (${sort})`);
      for (const id of spanIds) t.true(visited.includes(id), `${id} visited (${sort})`);
    }
  });

  test(title('every list route takes a cursor and documents its Link header'), async (t) => {
    const document = (await world().admin.get('/openapi.json')).body;
    let lists = 0;
    for (const [path, operations] of Object.entries<Record<string, any>>(document.paths)) {
      const get = operations.get;
      const names = (get?.parameters ?? []).map((parameter: { name: string }) => parameter.name);
      if (!names.includes('limit')) continue;
      lists += 1;
      t.true(names.includes('cursor'), `${path} takes cursor`);
      t.truthy(get.responses['200'].headers?.Link, `${path} documents Link`);
    }
    t.true(lists >= 15, `${lists} lists`);
  });

  test(title('lists of other records page with cursors too, filters kept'), async (t) => {
    const tenant = await createTenant(world());
    const made = [];
    for (let index = 0; index < 7; index++)
      made.push((await tenant.owner.post('/products', { name: `Cursor product ${index % 2} ${index}` })).body.id);
    const pages = await walk(tenant.member, '/products?limit=2&name=product%201&sort=name,desc');
    t.deepEqual(
      pages.map((page) => page.length),
      [2, 1],
    );
    t.deepEqual(ids(pages.flat()), [made[5], made[3], made[1]]);
    const users = await walk(world().admin, `/users?limit=1&organizationId=${tenant.organizationId}`);
    t.deepEqual(ids(users.flat()).sort(), [tenant.ownerId, tenant.memberId].sort());
  });

  test(
    title('an offset page links on with a cursor (no offset), and the walk goes on from its last row'),
    async (t) => {
      const { tenant } = await tenantWithSpans(9);
      const whole = ids((await tenant.member.get('/traces?limit=100')).body);
      const page = await tenant.member.get('/traces?offset=2&limit=3');
      t.deepEqual(ids(page.body), whole.slice(2, 5));
      const target = next(page);
      t.truthy(target);
      t.false(new URL(target ?? '', 'http://x').searchParams.has('offset'));
      t.deepEqual(ids((await walk(tenant.member, target ?? '')).flat()), whole.slice(5));
      const last = await tenant.member.get('/traces?offset=6&limit=3');
      t.is(last.body.length, 3);
      t.is(next(last), null, 'no link when no row follows');
    },
  );

  test(title('a cursor refused: altered, of another organization, with offset, other filters or sort'), async (t) => {
    const { tenant } = await tenantWithSpans(6);
    const first = await tenant.member.get('/traces?limit=2&names=step-1&names=step-2&sort=name,asc');
    const target = next(first) ?? '';
    const cursor = cursorOf(target);
    t.truthy(cursor);
    t.is((await tenant.member.request('GET', target)).status, 200);
    const other = await createTenant(world());
    const flipped = cursor.slice(0, -3) + (cursor.at(-3) === 'A' ? 'B' : 'A') + cursor.slice(-2);
    const forgedId = `${Buffer.from('trace_other').toString('base64url')}${cursor.slice(cursor.indexOf('.'))}`;
    const refusals: [string, ApiClient, string][] = [
      ['altered', tenant.member, `/traces?limit=2&names=step-1&names=step-2&sort=name,asc&cursor=${flipped}`],
      ['another id', tenant.member, `/traces?limit=2&names=step-1&names=step-2&sort=name,asc&cursor=${forgedId}`],
      ['not a cursor', tenant.member, '/traces?cursor=hello'],
      ['another organization', other.owner, target],
      ['with offset', tenant.member, `${target}&offset=2`],
      ['another filter', tenant.member, `/traces?limit=2&names=step-1&sort=name,asc&cursor=${cursor}`],
      ['another sort', tenant.member, `/traces?limit=2&names=step-1&names=step-2&sort=name,desc&cursor=${cursor}`],
      ['default sort', tenant.member, `/traces?limit=2&names=step-1&names=step-2&cursor=${cursor}`],
      ['another list', tenant.member, `/sessions?limit=2&cursor=${cursor}`],
    ];
    for (const [what, client, path] of refusals) {
      const refused = await client.request('GET', path);
      t.is(refused.status, 400, what);
      t.is(refused.body.error, 'invalid_input', what);
      t.true(
        refused.body.issues?.some((issue: { path: string }) => issue.path === 'cursor'),
        what,
      );
    }
    const resized = await tenant.member.get(`/traces?limit=5&names=step-1&names=step-2&sort=name,asc&cursor=${cursor}`);
    t.is(resized.status, 200, 'another page size is the same list');
  });
}
