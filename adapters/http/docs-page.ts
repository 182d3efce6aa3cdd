import { exampleOf, type JsonSchema } from './schema-example.ts';

type Content = Readonly<Record<string, { readonly schema?: JsonSchema }>>;
type Operation = {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  /** Empty on the routes that take no key. */
  readonly security?: readonly unknown[];
  readonly parameters?: readonly {
    readonly name: string;
    readonly in: string;
    readonly required?: boolean;
    readonly description?: string;
    readonly schema?: JsonSchema;
  }[];
  readonly requestBody?: { readonly content?: Content };
  readonly responses: Readonly<Record<string, { readonly description?: string; readonly content?: Content }>>;
};
type Doc = {
  readonly info: { readonly title: string; readonly version: string; readonly description?: string };
  readonly paths: Readonly<Record<string, Readonly<Record<string, Operation>>>>;
  readonly components?: { readonly schemas?: Readonly<Record<string, JsonSchema>> };
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

const typeName = (schema: JsonSchema | undefined): string => {
  if (!schema) return '';
  if (schema.$ref) return schema.$ref.split('/').at(-1) ?? '';
  if (schema.enum) return schema.enum.join(' | ');
  if (schema.anyOf) return schema.anyOf.map(typeName).join(' | ');
  const type = typeof schema.type === 'string' ? schema.type : (schema.type ?? []).join(' | ');
  return type === 'array' ? `${typeName(schema.items)}[]` : type;
};

const REQUIRED = ' <b class="req">required</b>';

/**
 * Text with its references made links: `docs/<page>.md` to the page served at /docs/<page>.md, `GET /runs/{id}` to
 * that operation on this page, and web addresses to themselves.
 */
export function linked(text: string): string {
  return escapeHtml(text)
    .replace(/\bdocs\/([a-z0-9-]+\.md)\b/g, '<a href="/docs/$1">docs/$1</a>')
    .replace(
      /\b(GET|POST|PUT|PATCH|DELETE) (\/[A-Za-z0-9/{}._-]*[A-Za-z0-9}])/g,
      (_, method: string, path: string) => `<a href="#${method.toLowerCase()}-${path}">${method} ${path}</a>`,
    )
    .replace(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;)]/g, (url) => `<a href="${url}">${url}</a>`);
}

/** The object a schema stands for, following a reference into the components. */
const resolved = (schema: JsonSchema | undefined, schemas: Record<string, JsonSchema>): JsonSchema | undefined =>
  schema?.$ref ? schemas[schema.$ref.split('/').at(-1) ?? ''] : schema;

/** A request body's fields: each with its type, whether it is required, and its description from the document. */
function bodyFields(content: Content | undefined, schemas: Record<string, JsonSchema>): string {
  const body = resolved(Object.values(content ?? {})[0]?.schema, schemas);
  const required = new Set(body?.required ?? []);
  const rows = Object.entries(body?.properties ?? {}).map(
    ([name, field]) =>
      `<tr><td><code>${escapeHtml(name)}</code>${required.has(name) ? REQUIRED : ''}</td><td>${escapeHtml(
        typeName(field),
      )}</td><td>${linked(field.description ?? resolved(field, schemas)?.description ?? '')}</td></tr>`,
  );
  return rows.length ? `<table><tr><th>Field</th><th>Type</th><th></th></tr>${rows.join('')}</table>` : '';
}

/** One operation: what it does, its parameters, and an example of its body and of each answer that has one. */
function operationHtml(method: string, path: string, op: Operation, schemas: Record<string, JsonSchema>): string {
  const example = (content: Content | undefined) => {
    const [mediaType, media] = Object.entries(content ?? {})[0] ?? [];
    if (!mediaType) return '';
    const sample = mediaType.includes('json')
      ? JSON.stringify(exampleOf(media?.schema, schemas), null, 2)
      : `(${mediaType})`;
    return `<pre><small>${escapeHtml(mediaType)}</small>\n${escapeHtml(sample)}</pre>`;
  };
  const parameters = (op.parameters ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? REQUIRED : ''}</td><td>${p.in}</td><td>${escapeHtml(
          typeName(p.schema),
        )}</td><td>${linked(p.description ?? '')}</td></tr>`,
    )
    .join('');
  const responses = Object.entries(op.responses)
    .map(
      ([status, answer]) =>
        `<div><b>${status}</b> ${escapeHtml(answer.description ?? '')}${example(answer.content)}</div>`,
    )
    .join('');
  return `<details id="${method}-${escapeHtml(path)}"><summary><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(
    path,
  )}</code> ${escapeHtml(op.summary ?? '')}${op.security?.length === 0 ? ' <i>no key</i>' : ''}</summary>
${op.description ? `<p>${linked(op.description)}</p>` : ''}
${parameters ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th></th></tr>${parameters}</table>` : ''}
${op.requestBody ? `<h4>Request body</h4>${bodyFields(op.requestBody.content, schemas)}${example(op.requestBody.content)}` : ''}
<h4>Responses</h4>${responses}</details>`;
}

/** The page's one style sheet, inline (its Content-Security-Policy allows exactly this text, by hash). */
export const DOCS_PAGE_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d232a}details{border-bottom:1px solid #e3e6ea;padding:.4rem 0}summary{cursor:pointer}table{border-collapse:collapse;margin:.5rem 0}td,th{border-bottom:1px solid #eef0f2;padding:.2rem .5rem;text-align:left;vertical-align:top}pre{background:#f6f8fa;padding:.6rem;border-radius:4px;overflow:auto;max-height:28rem}.m{font-weight:700;font-family:monospace}.get{color:#1769aa}.post{color:#18794e}.patch,.put{color:#ad5700}.delete{color:#c62a2f}code{background:#f3f4f6;padding:0 .25rem;border-radius:3px}.req{color:#c62a2f;font-size:.8em;font-weight:600}';

/**
 * A self-contained HTML reference of the OpenAPI document: every operation with its parameters, an example request
 * body and an example of each answer, generated from the document's schemas. No scripts, no network.
 */
export function renderDocsPage(doc: Doc): string {
  const schemas = { ...doc.components?.schemas };
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(method, path, op, schemas)]);
    }
  }
  const sections = [...byTag].map(([tag, operations]) => `<h2>${escapeHtml(tag)}</h2>${operations.join('\n')}`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title>
<style>${DOCS_PAGE_STYLE}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${linked(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Send <code>Authorization: Bearer &lt;API key&gt;</code> on every route but those marked <i>no key</i>; the conventions (keys, lists, errors, limits) are in <a href="/docs/api-conventions.md">docs/api-conventions.md</a>. Fields marked <b class="req">required</b> must be given.</p>
${sections.join('\n')}</body></html>`;
}
