import { useMemo, useState } from 'preact/hooks';
import { cutText, type JsonRow, jsonRows } from '../lib/json-rows.ts';

/** Characters of a plain text shown before "show all". */
const TEXT_CUT = 2000;

const toggle = (set: ReadonlySet<string>, path: string): ReadonlySet<string> => {
  const next = new Set(set);
  if (!next.delete(path)) next.add(path);
  return next;
};

/** A plain text value (a retrieval span's output, a description), cut with "show all"; always text, never markup. */
export function SpanText({ text }: { readonly text: string }) {
  const [whole, setWhole] = useState(false);
  const cut = whole ? { text, hidden: 0 } : cutText(text, TEXT_CUT);
  return (
    <div class="span-text">
      <pre>{cut.text}</pre>
      {cut.hidden > 0 && (
        <button type="button" class="link-button" onClick={() => setWhole(true)}>
          show all ({cut.hidden.toLocaleString('en')} more characters)
        </button>
      )}
    </div>
  );
}

/**
 * A span's JSON (input, output, metadata) folded for reading: the top level open, deeper levels folded, long strings
 * cut and big containers listed in part, each with "show all". Only open containers are laid out, so a huge value
 * costs what its visible lines cost. Give it a `key` per span so its folding starts afresh.
 */
export function SpanJson({ value, label }: { readonly value: unknown; readonly label: string }) {
  const [toggled, setToggled] = useState<ReadonlySet<string>>(new Set());
  const [shownAll, setShownAll] = useState<ReadonlySet<string>>(new Set());
  const rows = useMemo(() => jsonRows(value, { toggled, shownAll }), [value, toggled, shownAll]);
  if (typeof value === 'string') return <SpanText text={value} />;
  const showAll = (path: string) => setShownAll((before) => new Set(before).add(path));
  return (
    <section class="json-rows" aria-label={label}>
      {rows.map((row) => (
        <Line
          key={`${row.path}${row.kind === 'more' ? '#more' : ''}`}
          row={row}
          label={label}
          onFold={() => setToggled((before) => toggle(before, row.path))}
          onShowAll={() => showAll(row.path)}
        />
      ))}
    </section>
  );
}

interface LineProps {
  readonly row: JsonRow;
  readonly label: string;
  readonly onFold: () => void;
  readonly onShowAll: () => void;
}

function Line({ row, label, onFold, onShowAll }: LineProps) {
  const indent = { paddingLeft: `${row.depth * 1.1}rem` };
  if (row.kind === 'more')
    return (
      <div class="json-row" style={indent}>
        <span class="fold-space" />
        <button type="button" class="link-button" onClick={onShowAll}>
          show {row.hidden.toLocaleString('en')} more
        </button>
      </div>
    );
  const name = row.key ?? label;
  return (
    <div class="json-row" style={indent}>
      {row.foldable ? (
        <button
          type="button"
          class="fold"
          aria-expanded={row.open}
          aria-label={`${row.open ? 'Fold' : 'Unfold'} ${name}`}
          onClick={onFold}
        >
          {row.open ? '▾' : '▸'}
        </button>
      ) : (
        <span class="fold-space" />
      )}
      {row.key !== null && <span class="json-key">{row.key}: </span>}
      <span class={row.kind === 'string' ? 'json-string' : 'json-atom'}>{row.text}</span>
      {row.hidden > 0 && (
        <>
          {'… '}
          <button type="button" class="link-button" onClick={onShowAll}>
            show all ({row.hidden.toLocaleString('en')} more characters)
          </button>
        </>
      )}
    </div>
  );
}
