import { useState } from 'preact/hooks';

/** Strings longer than this are cut, with a "show all" button. */
const CUT = 400;

/** A long string, cut until the person asks for all of it. */
function LongText({ text }: { readonly text: string }) {
  const [whole, setWhole] = useState(false);
  if (whole || text.length <= CUT) return <span class="json-string">{JSON.stringify(text)}</span>;
  return (
    <span class="json-string">
      {JSON.stringify(text.slice(0, CUT))}…{' '}
      <button type="button" class="link-button" onClick={() => setWhole(true)}>
        show all ({text.length.toLocaleString('en')} characters)
      </button>
    </span>
  );
}

/** One value: objects and arrays fold (open to `depth` levels), strings are cut, everything is text. */
function Value({ value, depth, label }: { readonly value: unknown; readonly depth: number; readonly label?: string }) {
  const name = label === undefined ? null : <span class="json-key">{label}: </span>;
  if (value === null || typeof value !== 'object')
    return (
      <div class="json-line">
        {name}
        {typeof value === 'string' ? <LongText text={value} /> : <span class="json-atom">{String(value)}</span>}
      </div>
    );
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value as Record<string, unknown>);
  const brackets = Array.isArray(value) ? `[${entries.length}]` : `{${entries.length}}`;
  return (
    <details class="json-node" open={depth > 0}>
      <summary>
        {name}
        <span class="json-atom">{brackets}</span>
      </summary>
      {entries.map(([key, item]) => (
        <Value key={key} value={item} depth={depth - 1} label={key} />
      ))}
    </details>
  );
}

/** A JSON value folded for reading: the first levels open, long strings cut with "show all". */
export function JsonView({ value, open = 1 }: { readonly value: unknown; readonly open?: number }) {
  return (
    <div class="json-view">
      <Value value={value} depth={open} />
    </div>
  );
}
