import fc from 'fast-check';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { ODD_STRINGS, oddValue, type Schema, type SchemaArbitraries } from './openapi-arbitraries.ts';

// The fuzzer's requests, built from the OpenAPI document's own schemas (see test/http/fuzz.test.ts).

export interface Operation {
  readonly method: string;
  readonly path: string;
  readonly parameters: readonly { name: string; in: 'path' | 'query'; required: boolean; schema: Schema }[];
  readonly body?: { readonly types: readonly string[]; readonly schema: Schema };
}

export interface FuzzRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Record<string, string>;
  readonly body?: string | Uint8Array;
}

/** Every operation of the OpenAPI document, with its parameters and the media types of its body. */
export function operationsOf(document: { paths: Record<string, Record<string, any>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const content = operation.requestBody?.content as Record<string, { schema: Schema }> | undefined;
      return {
        method: method.toUpperCase(),
        path,
        parameters: operation.parameters ?? [],
        body: content ? { types: Object.keys(content), schema: Object.values(content)[0]?.schema ?? {} } : undefined,
      };
    }),
  );
}

/** The seeded id of the operation's collection first, then the others. */
function idsFor(operation: Operation, seeded: Map<string, string>): string[] {
  const collection = `/${operation.path.split('/')[1]}`;
  const own = seeded.get(collection);
  return [...(own ? [own, own, own] : []), ...seeded.values()];
}

const CSV_COLUMNS = ['input', 'context', 'expectedOutput', 'expectedTools', 'maxIterations', 'isAugmented', 'x'];
const csvText = fc
  .tuple(
    fc.subarray(CSV_COLUMNS, { minLength: 0 }),
    fc.array(fc.array(fc.oneof(fc.constantFrom(...ODD_STRINGS), fc.string({ maxLength: 12 })), { maxLength: 8 }), {
      maxLength: 6,
    }),
  )
  .map(([header, rows]) =>
    [header.join(','), ...rows.map((row) => row.map((cell) => `"${cell.replaceAll('"', '""')}"`).join(','))].join('\n'),
  );

/** Which part of a request is malformed: none (to reach the handlers), or exactly one, so the others let it through. */
type Fault = 'none' | 'path' | 'query' | 'body' | 'headers';

/** Requests for one operation: clean ones, and ones with exactly one malformed part. */
export function requestsFor(
  operation: Operation,
  schemas: SchemaArbitraries,
  ids: Map<string, string>,
  keys: string[],
) {
  const faults: Fault[] = ['none', 'none', 'headers'];
  if (operation.parameters.some((parameter) => parameter.in === 'path')) faults.push('path', 'path');
  if (operation.parameters.some((parameter) => parameter.in === 'query')) faults.push('query', 'query');
  if (operation.body) faults.push('body', 'body');
  return fc.oneof(...faults.map((fault) => requestsOf(operation, schemas, idsFor(operation, ids), keys, fault)));
}

function requestsOf(operation: Operation, schemas: SchemaArbitraries, ids: string[], keys: string[], fault: Fault) {
  const pathValue =
    fault !== 'path'
      ? fc.constantFrom(...ids)
      : fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...ids) },
          { weight: 2, arbitrary: fc.constantFrom(...ODD_STRINGS.filter((text) => text !== '')) },
          { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 12 }) },
        );
  const pathParts = fc.record(
    Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => [parameter.name, fc.tuple(pathValue, fc.boolean())]),
    ),
  );
  const queryValue = (schema: Schema) =>
    fault !== 'query'
      ? schemas.value(schema.type === 'array' ? (schema.items ?? {}) : schema, 0)
      : fc.oneof(
          { weight: 3, arbitrary: schemas.value(schema.type === 'array' ? (schema.items ?? {}) : schema, 0) },
          { weight: 1, arbitrary: fc.constantFrom(...ODD_STRINGS) },
        );
  const query = fc.record(
    Object.fromEntries(
      operation.parameters
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => [
          parameter.name,
          parameter.schema.type === 'array'
            ? fc.array(queryValue(parameter.schema), { maxLength: 3 })
            : queryValue(parameter.schema),
        ]),
    ),
    { requiredKeys: [] },
  );
  const unknownQuery =
    fault !== 'query'
      ? fc.constant(null)
      : fc.option(fc.tuple(fc.constantFrom('unknown', 'limit[]', '__proto__', 'sort'), oddValue), {
          freq: 8,
        });
  const types = operation.body?.types ?? ['application/json'];
  const body = !operation.body
    ? fc.constant(undefined)
    : fault !== 'body'
      ? schemas
          .value(operation.body.schema, 0)
          .map((value) => ({ type: types[0], data: JSON.stringify(value) as string | Uint8Array }))
      : types.includes('text/csv')
        ? csvText.map((text) => ({ type: 'text/csv', data: text as string | Uint8Array }))
        : fc.oneof(
            {
              weight: 8,
              arbitrary: schemas
                .value(operation.body.schema, 1)
                .map((value) => ({ type: types[0], data: JSON.stringify(value) ?? 'null' })),
            },
            {
              weight: 2,
              arbitrary: fc
                .constantFrom('{', '[]', 'null', '"text"', '{"a":', '\u0000', `${'['.repeat(5000)}${']'.repeat(5000)}`)
                .map((data) => ({ type: types[0], data: data as string | Uint8Array })),
            },
            {
              weight: 1,
              arbitrary: fc
                .uint8Array({ maxLength: 64 })
                .map((bytes) => ({ type: types[types.length - 1], data: bytes as string | Uint8Array })),
            },
          );
  const encoding =
    fault !== 'body' && fault !== 'headers'
      ? fc.constantFrom('none', 'gzip', 'br')
      : fc.constantFrom('none', 'none', 'none', 'none', 'none', 'gzip', 'corrupt-gzip', 'br', 'corrupt-br');
  const key =
    fault !== 'headers'
      ? fc.constantFrom(...keys)
      : fc.oneof(
          { weight: 2, arbitrary: fc.constantFrom(...keys) },
          { weight: 1, arbitrary: fc.constantFrom('', 'assay_nope', 'Basic x') },
        );

  return fc
    .record({ path: pathParts, query, unknownQuery, body, encoding, key })
    .map(({ path, query: values, unknownQuery: extra, body: sent, encoding: coding, key: credential }): FuzzRequest => {
      const resolved = operation.path.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => {
        const [value, raw] = path[name] as [string, boolean];
        const text = value.replace(/[\ud800-\udfff]/g, (half) => (raw ? half : '\ufffd'));
        return raw
          ? text.replaceAll('/', '%2F').replaceAll('?', '%3F').replaceAll('#', '%23')
          : encodeURIComponent(text);
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(values)) {
        for (const item of Array.isArray(value) ? value : [value])
          search.append(name, typeof item === 'string' ? item : JSON.stringify(item));
      }
      if (extra) search.append(extra[0], typeof extra[1] === 'string' ? extra[1] : JSON.stringify(extra[1]));
      const headers: Record<string, string> = {};
      if (credential) headers.authorization = credential.startsWith('assay') ? `Bearer ${credential}` : credential;
      let data: string | Uint8Array | undefined = sent?.data;
      if (sent) headers['content-type'] = sent.type;
      if (data !== undefined && coding !== 'none') {
        if (coding === 'gzip') data = gzipSync(data);
        if (coding === 'br') data = brotliCompressSync(data);
        headers['content-encoding'] = coding.replace('corrupt-', '');
      }
      const query = search.toString();
      return { method: operation.method, url: `${resolved}${query ? `?${query}` : ''}`, headers, body: data };
    });
}
