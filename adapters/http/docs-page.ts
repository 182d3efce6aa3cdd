import { exampleOf, type JsonSchema } from './schema-example.ts';

type Content = Readonly<Record<string, { readonly schema?: JsonSchema }>>;
type Operation = {
  readonly summary?: string;
  readonly description?: string;
  readonly tags?: readonly string[];
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
  const type = typeof schema.type === 'string' ? schema.type : (schema.type ?? []).join(' | ');
  return type === 'array' ? `${typeName(schema.items)}[]` : type;
};

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
        `<tr><td><code>${escapeHtml(p.name)}</code>${p.required ? '*' : ''}</td><td>${p.in}</td><td>${escapeHtml(
          typeName(p.schema),
        )}</td><td>${escapeHtml(p.description ?? '')}</td></tr>`,
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
  )}</code> ${escapeHtml(op.summary ?? '')}</summary>
${op.description ? `<p>${escapeHtml(op.description)}</p>` : ''}
${parameters ? `<table><tr><th>Parameter</th><th>In</th><th>Type</th><th></th></tr>${parameters}</table>` : ''}
${op.requestBody ? `<h4>Request body</h4>${example(op.requestBody.content)}` : ''}
<h4>Responses</h4>${responses}</details>`;
}

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
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d232a}details{border-bottom:1px solid #e3e6ea;padding:.4rem 0}summary{cursor:pointer}table{border-collapse:collapse;margin:.5rem 0}td,th{border-bottom:1px solid #eef0f2;padding:.2rem .5rem;text-align:left;vertical-align:top}pre{background:#f6f8fa;padding:.6rem;border-radius:4px;overflow:auto;max-height:28rem}.m{font-weight:700;font-family:monospace}.get{color:#1769aa}.post{color:#18794e}.patch,.put{color:#ad5700}.delete{color:#c62a2f}code{background:#f3f4f6;padding:0 .25rem;border-radius:3px}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Send <code>Authorization: Bearer &lt;API key&gt;</code> on every route but /health, /openapi.json, /docs and the reviewer page at <a href="/review">/review</a>.</p>
${sections.join('\n')}</body></html>`;
}
