import test from 'ava';
import { Validator } from '@seriousme/openapi-schema-validator';
import { readFile } from 'node:fs/promises';
import { useWorld } from '../support/http-world.ts';

type Document = { info: { version: string }; components: { schemas: Record<string, Record<string, unknown>> } };

const world = useWorld(test, 'sqlite', { ASSAY_BUILD_VERSION: '9.8.7-build' });

const served = async (): Promise<Document> => (await world().admin.as(undefined).get('/openapi.json')).body;
const checkedIn = async (): Promise<Document> =>
  JSON.parse(await readFile(new URL('../../docs/openapi.json', import.meta.url), 'utf8'));

/** Every `$ref` in a value, found without recursion so a deep document cannot overflow the stack. */
function refs(root: unknown): string[] {
  const found: string[] = [];
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (Array.isArray(value)) stack.push(...value);
    else if (value && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref' && typeof item === 'string') found.push(item);
        else stack.push(item);
      }
    }
  }
  return found;
}

for (const [where, load] of [
  ['served /openapi.json', served],
  ['docs/openapi.json', checkedIn],
] as const) {
  test(`${where} is a valid OpenAPI 3.1 document`, async (t) => {
    const validator = new Validator();
    const result = await validator.validate((await load()) as never);
    t.deepEqual(result.errors ?? [], [], JSON.stringify(result.errors, null, 1));
    t.true(result.valid);
    t.is(validator.version, '3.1');
    t.notThrows(() => validator.resolveRefs());
  });

  test(`${where}: no component schema is only a reference to itself, and every reference resolves`, async (t) => {
    const document = await load();
    const schemas = document.components.schemas;
    const selfReferences = Object.entries(schemas)
      .filter(([name, schema]) => schema.$ref === `#/components/schemas/${name}`)
      .map(([name]) => name);
    t.deepEqual(selfReferences, []);
    const emptyDefinitions = Object.entries(schemas)
      .filter(([, schema]) => Object.keys(schema).length === 1 && typeof schema.$ref === 'string')
      .map(([name]) => name);
    t.deepEqual(emptyDefinitions, [], 'a component that only points elsewhere gives clients no type');
    const dangling = refs(document).filter(
      (ref) => !(ref.startsWith('#/components/schemas/') && ref.slice('#/components/schemas/'.length) in schemas),
    );
    t.deepEqual(dangling, []);
    t.truthy(schemas.Product?.properties, 'Product describes its fields');
  });

  test(`${where} labels the interface 1.0.0, not the build`, async (t) => {
    t.is((await load()).info.version, '1.0.0');
  });
}

test('the build version stays in /build-info', async (t) => {
  const info = await world().admin.get('/build-info');
  t.is(info.status, 200);
  t.is(info.body.version, '9.8.7-build');
});

test('routes that take no key but refuse bad credentials list 401; span inputs list their fields', async (t) => {
  const document = (await served()) as Document & {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  for (const path of ['/auth/signIn', '/auth/mfa/verify', '/webhooks/marketplace'])
    t.truthy(document.paths[path]?.post?.responses['401'], path);
  const spanInput = document.components.schemas.SpanInput as { properties: object; required: string[] };
  t.deepEqual(spanInput.required, ['inferenceResultId', 'name']);
  t.true(['id', 'type', 'parentTraceId', 'latencyMs'].every((field) => Object.hasOwn(spanInput.properties, field)));
  const errorBody = document.components.schemas.Error as { properties: { reason: { enum: string[] } } };
  t.deepEqual(errorBody.properties.reason.enum, ['stale_version', 'duplicate', 'illegal_transition']);
});
