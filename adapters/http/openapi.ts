import { z } from 'zod';
import { errorBody } from './schemas/common.ts';
import type { RouteSpec } from './route-spec.ts';

type JsonSchema = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input',
  401: 'Missing, malformed, unknown or revoked credential',
  402: 'Out of credits',
  403: 'Forbidden for this caller',
  404: 'Not found (or belongs to another organization)',
  409: 'Conflict; `reason` says which: stale_version (retry), duplicate or illegal_transition',
  413: 'Body too large',
  415: 'Unsupported media type',
  429: 'Rate limited',
  500: 'Internal error',
};

/** Converts one schema, moving named sub-schemas into the shared components. */
function convert(schema: z.ZodType, io: 'input' | 'output', components: Components): JsonSchema {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  const text = JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/');
  const { $schema: _, $defs, ...rest } = JSON.parse(text) as JsonSchema & { $defs?: Components };
  Object.assign(components, $defs ?? {});
  const id = schema.meta()?.id;
  if (typeof id !== 'string') return rest;
  const ref = `#/components/schemas/${id}`;
  // zod already moved a named root into $defs and left `{$ref}` at the root: keep the definition, not the ref.
  if (!(Object.keys(rest).length === 1 && rest.$ref === ref)) components[id] = rest;
  return { $ref: ref };
}

function parameters(spec: RouteSpec, components: Components): JsonSchema[] {
  const found: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!schema) continue;
    const json = convert(schema, 'output', components) as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      const required = where === 'path' || (json.required ?? []).includes(name);
      const array = property.type === 'array';
      found.push({ name, in: where, required, schema: property, ...(array ? { style: 'form', explode: true } : {}) });
    }
  }
  return found;
}

/** The request body's schema: from the route's schema, or text for a streamed (CSV) body, or anything for bytes. */
function bodySchema(spec: RouteSpec, components: Components): JsonSchema {
  if (spec.body) return convert(spec.body, 'input', components);
  return spec.bodyKind === 'stream' || spec.bodyKind === 'text' ? { type: 'string' } : {};
}

/** A multipart upload: one file in the route's upload field, of the route's other media type (the CSV). */
function uploadSchema(spec: RouteSpec): JsonSchema {
  const field = spec.uploadField ?? 'file';
  const fileType = (spec.consumes ?? []).find((type) => type !== 'multipart/form-data');
  return {
    type: 'object',
    required: [field],
    properties: {
      [field]: { type: 'string', format: 'binary', ...(fileType ? { contentMediaType: fileType } : {}) },
    },
  };
}

function operation(spec: RouteSpec, components: Components): JsonSchema {
  const success = String(spec.status ?? 200);
  const errors = [...new Set([400, ...(spec.auth === false ? [] : [401, 429]), ...(spec.errors ?? []), 500])].sort();
  const bodyTypes = spec.consumes ?? ['application/json'];
  return {
    tags: [spec.tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    operationId: `${spec.method}${spec.path.replace(/\/:?([a-zA-Z])/g, (_, letter: string) => letter.toUpperCase()).replace(/[^a-zA-Z]/g, '')}`,
    ...(spec.auth === false ? { security: [] } : {}),
    parameters: parameters(spec, components),
    ...(spec.body || spec.bodyKind
      ? {
          requestBody: {
            required: spec.body ? !spec.body.safeParse(undefined).success : true,
            content: Object.fromEntries(
              bodyTypes.map((type) => [
                type,
                { schema: type === 'multipart/form-data' ? uploadSchema(spec) : bodySchema(spec, components) },
              ]),
            ),
          },
        }
      : {}),
    responses: {
      [success]: {
        description: spec.responseDescription ?? 'Success',
        ...(spec.responseHeaders
          ? {
              headers: Object.fromEntries(
                Object.entries(spec.responseHeaders).map(([name, description]) => [
                  name,
                  { description, schema: { type: 'string' } },
                ]),
              ),
            }
          : {}),
        ...(spec.response
          ? { content: { 'application/json': { schema: convert(spec.response, 'output', components) } } }
          : {}),
      },
      ...Object.fromEntries(
        errors.map((status) => [
          String(status),
          {
            description: ERROR_TEXT[status] ?? 'Error',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        ]),
      ),
    },
  };
}

/** The version of the interface the document describes (the build's version is in `GET /build-info`). */
export const API_VERSION = '1.0.0';

/** The OpenAPI 3.1 document of the routes, generated from the schemas that validate them. */
export function buildOpenApi(routes: readonly RouteSpec[]): JsonSchema {
  const components: Components = {};
  convert(errorBody, 'output', components);
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const spec of [...routes].sort((a, b) => a.path.localeCompare(b.path))) {
    const path = spec.path.replace(/:([a-zA-Z]+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][spec.method] = operation(spec, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Assay API',
      version: API_VERSION,
      description:
        'Assay: an open-source backend for evaluating AI products. Conventions: see docs/api-conventions.md.',
    },
    servers: [{ url: '/' }],
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          description: 'An API key: assay_<secret> (legacy assay-<secret> also accepted)',
        },
      },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  };
}
