import test from 'ava';
import { exampleOf } from '../../adapters/http/schema-example.ts';
import { httpDatabases, useWorld } from '../support/http-world.ts';

const databases = await httpDatabases();

const components = {
  Tag: { type: 'object', properties: { label: { type: 'string' } } },
  Tree: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } } },
} as const;

for (const [rule, schema, expected] of [
  ['an example or default wins', { type: 'integer', examples: [7], default: 3 }, 7],
  ['a default', { type: 'integer', default: 3 }, 3],
  ['the first enum value', { type: 'string', enum: ['QUALITY', 'RED_TEAMING'] }, 'QUALITY'],
  ['a date-time by its format', { type: 'string', format: 'date-time' }, '2026-01-31T09:30:00.000Z'],
  ['a nullable string is a string', { type: ['string', 'null'] }, 'string'],
  ['anyOf prefers what is not null', { anyOf: [{ type: 'null' }, { type: 'boolean' }] }, true],
  ['an integer respects its minimum', { type: 'integer', minimum: 10 }, 10],
  ['a score within 0..1', { type: 'number', minimum: 0, maximum: 1 }, 0.5],
  [
    'objects and arrays through references',
    { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
    [{ label: 'string' }],
  ],
  ['a recursive reference ends', { $ref: '#/components/schemas/Tree' }, { children: [{}] }],
] as const) {
  test(`reference examples: ${rule}`, (t) => {
    t.deepEqual(exampleOf(schema as never, components as never), expected);
  });
}

for (const database of databases) {
  const world = useWorld(test, database);

  test(`[${database}] /docs shows every operation with an example request body and answer`, async (t) => {
    const anonymous = world().admin.as(undefined);
    const document = (await anonymous.get('/openapi.json')).body as { paths: Record<string, Record<string, unknown>> };
    const page = (await anonymous.get('/docs')).body as string;
    t.notRegex(page, /<script/i, 'no scripts, no network');
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const method of Object.keys(operations))
        t.true(page.includes(`id="${method}-${path}"`), `${method} ${path}`);
    }
    const createProduct = page.slice(
      page.indexOf('id="post-/products"'),
      page.indexOf('</details>', page.indexOf('id="post-/products"')),
    );
    t.regex(createProduct, /Request body[\s\S]*&quot;name&quot;: &quot;string&quot;/);
    t.regex(createProduct, /<b>201<\/b>[\s\S]*&quot;id&quot;:/);
  });

  test(`[${database}] /docs marks required fields, shows their descriptions and links the guides it names`, async (t) => {
    const anonymous = world().admin.as(undefined);
    const page = (await anonymous.get('/docs')).body as string;
    const section = (id: string) =>
      page.slice(page.indexOf(`id="${id}"`), page.indexOf('</details>', page.indexOf(`id="${id}"`)));
    const createCase = section('post-/testCases');
    t.regex(createCase, /<code>testId<\/code> <b class="req">required<\/b>/);
    t.regex(
      createCase,
      /<code>input<\/code> <b class="req">required<\/b><\/td><td>object \| string<\/td><td>An object, or plain text stored as \{&quot;user_message&quot;: text\}/,
    );
    t.regex(
      createCase,
      /<code>expectedOutput<\/code><\/td><td>string \| null<\/td>/,
      'an optional field is not marked',
    );
    t.regex(section('get-/products'), /<code>limit<\/code><\/td>/, 'an optional parameter is not marked');
    t.regex(page, /<a href="\/docs\/api-conventions\.md">/);
    t.regex(section('post-/evaluations/fromVersion'), /<a href="#get-\/runs\/\{id\}">GET \/runs\/\{id\}<\/a>/);
    t.regex(section('post-/auth/signIn'), /<i>no key<\/i>/);
    const guide = await anonymous.get('/docs/api-conventions.md');
    t.is(guide.status, 200);
    t.regex(guide.headers.get('content-type') ?? '', /^text\/markdown/);
    t.regex(guide.body, /^# API conventions/);
    for (const name of ['missing.md', '..%2Fpackage.json', 'api-conventions'])
      t.is((await anonymous.get(`/docs/${name}`)).status, 404, name);
  });
}
