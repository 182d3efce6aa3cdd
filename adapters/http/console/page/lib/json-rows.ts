/** One line of a folded JSON value, as the detail panel shows it. */
export interface JsonRow {
  /** JSON Pointer of the value (RFC 6901), `''` for the whole value; what folding and "show all" refer to. */
  readonly path: string;
  readonly depth: number;
  /** The member name or array index that leads to the value; null for the whole value. */
  readonly key: string | null;
  readonly kind: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null' | 'more';
  /** The value as text: a scalar as JSON (a string cut when long), a container as its summary (`{3 keys}`). */
  readonly text: string;
  /** Whether the row folds (a non-empty object or array), and whether it is open. */
  readonly foldable: boolean;
  readonly open: boolean;
  /** Characters (of a string) or members (of a `more` row) left out; 0 when nothing is. */
  readonly hidden: number;
}

/** How much of a value is shown at first, and what the person changed. */
export interface JsonRowOptions {
  /** Paths whose folding the person flipped from the default. */
  readonly toggled?: ReadonlySet<string>;
  /** Paths shown in full: a long string, or a container's members past `maxChildren`. */
  readonly shownAll?: ReadonlySet<string>;
  /** Containers at a depth below this are open by default (1: the top level's members are listed). */
  readonly openDepth?: number;
  /** Characters of a string shown before "show all". */
  readonly maxChars?: number;
  /** Members of a container listed before a `more` row. */
  readonly maxChildren?: number;
}

const escapePointer = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/** Text cut to `max` characters (never inside a surrogate pair), and how many characters were left out. */
export function cutText(text: string, max: number): { text: string; hidden: number } {
  if (text.length <= max) return { text, hidden: 0 };
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return { text: text.slice(0, end), hidden: text.length - end };
}

const plural = (count: number, one: string, many: string): string =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

type Item = { value: unknown; key: string | null; path: string; depth: number; more?: number };

/**
 * Lays a JSON value out as rows, depth first: containers folded past `openDepth` (unless toggled), strings cut at
 * `maxChars`, containers listing `maxChildren` members then one `more` row. Only open containers are walked, so a
 * huge folded value costs one row. Iterative, so nesting depth does not grow the stack.
 */
export function jsonRows(value: unknown, options: JsonRowOptions = {}): JsonRow[] {
  const toggled = options.toggled ?? new Set<string>();
  const shownAll = options.shownAll ?? new Set<string>();
  const openDepth = options.openDepth ?? 1;
  const maxChars = options.maxChars ?? 400;
  const maxChildren = options.maxChildren ?? 100;
  const rows: JsonRow[] = [];
  const stack: Item[] = [{ value, key: null, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value: current, key, path, depth, more } = stack.pop()!;
    if (more !== undefined) {
      rows.push({
        path,
        depth,
        key,
        kind: 'more',
        text: `${plural(more, 'more', 'more')}`,
        foldable: false,
        open: false,
        hidden: more,
      });
      continue;
    }
    if (current !== null && typeof current === 'object') {
      const isArray = Array.isArray(current);
      const entries: [string, unknown][] = isArray
        ? current.map((member, index) => [String(index), member])
        : Object.entries(current);
      const foldable = entries.length > 0;
      const open = foldable && depth < openDepth !== toggled.has(path);
      const text = isArray
        ? `[${plural(entries.length, 'item', 'items')}]`
        : `{${plural(entries.length, 'key', 'keys')}}`;
      rows.push({ path, depth, key, kind: isArray ? 'array' : 'object', text, foldable, open, hidden: 0 });
      if (!open) continue;
      const shown = shownAll.has(path) ? entries.length : Math.min(entries.length, maxChildren);
      const below: Item[] = entries.slice(0, shown).map(([name, member]) => ({
        value: member,
        key: name,
        path: `${path}/${escapePointer(name)}`,
        depth: depth + 1,
      }));
      if (shown < entries.length)
        below.push({ value: null, key: null, path, depth: depth + 1, more: entries.length - shown });
      for (let index = below.length - 1; index >= 0; index--) stack.push(below[index]);
      continue;
    }
    rows.push(scalarRow(current, key, path, depth, shownAll.has(path) ? Number.POSITIVE_INFINITY : maxChars));
  }
  return rows;
}

function scalarRow(value: unknown, key: string | null, path: string, depth: number, maxChars: number): JsonRow {
  const base = { path, depth, key, foldable: false, open: false };
  if (typeof value === 'string') {
    const cut = cutText(value, maxChars);
    return { ...base, kind: 'string', text: JSON.stringify(cut.text), hidden: cut.hidden };
  }
  if (typeof value === 'number') return { ...base, kind: 'number', text: String(value), hidden: 0 };
  if (typeof value === 'boolean') return { ...base, kind: 'boolean', text: String(value), hidden: 0 };
  return { ...base, kind: 'null', text: 'null', hidden: 0 };
}
