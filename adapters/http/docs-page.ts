type Doc = {
  info: { title: string; version: string; description?: string };
  paths: Record<string, Record<string, Operation>>;
};
type Operation = {
  summary?: string;
  description?: string;
  tags?: string[];
  parameters?: { name: string; in: string; required: boolean }[];
  responses: Record<string, unknown>;
};

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );

/** A self-contained HTML reference of the OpenAPI document: no scripts, no network. */
export function renderDocsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>();
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(operations)) {
      const params = (op.parameters ?? [])
        .map((p) => `<code>${escapeHtml(p.name)}</code>${p.required ? '*' : ''} <small>${p.in}</small>`)
        .join(', ');
      const row = `<tr><td class="m ${method}">${method.toUpperCase()}</td><td><code>${escapeHtml(path)}</code></td><td>${escapeHtml(op.summary ?? '')}${
        op.description ? `<br><small>${escapeHtml(op.description)}</small>` : ''
      }${params ? `<br><small>Parameters: ${params}</small>` : ''}</td><td>${Object.keys(op.responses).join(' ')}</td></tr>`;
      const tag = op.tags?.[0] ?? 'Other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag]
    .map(
      ([tag, rows]) =>
        `<h2>${escapeHtml(tag)}</h2><table><tr><th></th><th>Path</th><th>What it does</th><th>Statuses</th></tr>${rows.join('')}</table>`,
    )
    .join('\n');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(doc.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:1100px;margin:2rem auto;padding:0 1rem;color:#1d232a}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #e3e6ea;padding:.4rem;text-align:left;vertical-align:top}.m{font-weight:700;font-family:monospace}.get{color:#1769aa}.post{color:#18794e}.patch,.put{color:#ad5700}.delete{color:#c62a2f}code{background:#f3f4f6;padding:0 .25rem;border-radius:3px}</style></head>
<body><h1>${escapeHtml(doc.info.title)} <small>${escapeHtml(doc.info.version)}</small></h1><p>${escapeHtml(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/openapi.json">/openapi.json</a> (OpenAPI 3.1). Send <code>Authorization: Bearer &lt;API key&gt;</code> on every route but /health, /openapi.json, /docs and the reviewer page at <a href="/review">/review</a>.</p>
${sections}</body></html>`;
}
