import test from 'ava';
import { createTenant, databaseWorlds } from '../support/http-world.ts';

/**
 * The conventions clients in the wild rely on, checked on every list and create route the OpenAPI document names,
 * so a new route cannot miss them: bracket array filters, `name`/`names` on named records, null meaning "not given".
 */
interface Operation {
  parameters?: { name: string; in: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface Schema {
  $ref?: string;
  type?: string | string[];
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

/** Follows `$ref`s to the schema; a reference that leads back to itself resolves to nothing. */
function resolve(document: Document, schema: Schema | undefined, seen = new Set<string>()): Schema | undefined {
  if (!schema?.$ref) return schema;
  if (seen.has(schema.$ref)) return undefined;
  seen.add(schema.$ref);
  return resolve(document, document.components.schemas[schema.$ref.split('/').at(-1) ?? ''], seen);
}

/** GET routes without path parameters that answer an array: the lists. */
function lists(document: Document) {
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const get = operations.get;
    const answer = resolve(document, get?.responses['200']?.content?.['application/json']?.schema);
    if (!get || path.includes('{') || answer?.type !== 'array') return [];
    const queryNames = (get.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    return [{ path, queryNames, item: resolve(document, answer.items) }];
  });
}

/** POST routes answering 201 with a JSON body: the creates. */
function creates(document: Document) {
  return Object.entries(document.paths).flatMap(([path, operations]) => {
    const post = operations.post;
    const body = resolve(document, post?.requestBody?.content['application/json']?.schema);
    if (!post?.responses['201'] || !body?.properties) return [];
    return [{ path, body }];
  });
}

for (const { world, title } of await databaseWorlds(test)) {
  const document = async () => (await world().admin.get('/openapi.json')).body as Document;

  test(
    title('every list of named records filters by part of the name (name) and by exact names (names)'),
    async (t) => {
      const named = lists(await document()).filter(({ item }) => item?.properties?.name);
      t.true(named.length >= 8, `named lists: ${named.map(({ path }) => path).join(', ')}`);
      for (const { path, queryNames } of named) {
        t.true(queryNames.includes('name') && queryNames.includes('names'), `${path} takes name and names`);
      }
    },
  );

  test(title('every array filter also takes the bracket form ids[]=a&ids[]=b, with the same answer'), async (t) => {
    const tenant = await createTenant(world());
    const [first, second] = await Promise.all(
      ['Bracket A', 'Bracket B'].map(async (name) => (await tenant.owner.post('/products', { name })).body.id),
    );
    await tenant.owner.post('/products', { name: 'Bracket C' });
    const found = await tenant.owner.request('GET', `/products?ids[]=${first}&ids[]=${second}`);
    t.is(found.status, 200);
    t.deepEqual(found.body.map((product: { id: string }) => product.id).sort(), [first, second].sort());
    const mixed = await tenant.owner.request('GET', `/products?ids=${first}&ids[]=${second}`);
    t.deepEqual(mixed.body.map((product: { id: string }) => product.id).sort(), [first, second].sort());
    for (const { path, queryNames } of lists(await document())) {
      if (!queryNames.includes('ids')) continue;
      const plain = await tenant.owner.get(path, { ids: ['id_x', 'id_y'] });
      const bracketed = await tenant.owner.request('GET', `${path}?ids[]=id_x&ids[]=id_y`);
      t.is(bracketed.status, plain.status, path);
      t.deepEqual(bracketed.body, plain.body, path);
    }
  });

  test(title('name matches part of the name in any case; names match exactly, commas included'), async (t) => {
    const tenant = await createTenant(world());
    for (const name of ['Support bot', 'support BOT v2', 'Sales, Inc.', 'Helpdesk']) {
      t.is((await tenant.owner.post('/products', { name })).status, 201);
    }
    const names = async (query: Record<string, string | string[]>) =>
      (await tenant.owner.get('/products', query)).body.map((product: { name: string }) => product.name).sort();
    t.deepEqual(await names({ name: 'BOT' }), ['Support bot', 'support BOT v2']);
    t.deepEqual(await names({ names: ['Support bot'] }), ['Support bot']);
    t.deepEqual(await names({ names: ['Sales, Inc.', 'Helpdesk'] }), ['Helpdesk', 'Sales, Inc.']);
    t.deepEqual(await names({ name: '%' }), []);
  });

  test(title('on every create, an explicit null on an optional field means it was not given'), async (t) => {
    const tenant = await createTenant(world());
    const made = await tenant.owner.post('/products', { name: 'Nulls', description: null, metadata: null });
    t.is(made.status, 201, JSON.stringify(made.body));
    const version = await tenant.owner.post('/versions', { productId: made.body.id, name: null, description: null });
    t.is(version.status, 201, JSON.stringify(version.body));
    t.is(version.body.productId, made.body.id);
    // Driven from the document: nulls in every optional field are answered exactly as an empty body.
    for (const { path, body } of creates(await document())) {
      const optional = Object.keys(body.properties ?? {}).filter((field) => !body.required?.includes(field));
      if (optional.length === 0) continue;
      const withNulls = await tenant.owner.post(path, Object.fromEntries(optional.map((field) => [field, null])));
      const empty = await tenant.owner.post(path, {});
      t.true(withNulls.status < 500, `${path}: ${withNulls.status}`);
      t.is(withNulls.status, empty.status, path);
      t.deepEqual(withNulls.body.issues, empty.body.issues, path);
    }
  });
}
