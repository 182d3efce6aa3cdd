import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context } from 'koa';
import { InvalidInput } from '../../domain/errors.ts';

/**
 * The opaque `cursor` of a list: the id of the last record of the page before, and a digest binding it to the
 * organization, the route and the list's filters and sort. It holds no secret: forging one can only start a page at
 * another record of the caller's own list, which the store checks exists in the caller's organization.
 */
export interface CursorBinding {
  readonly organizationId: string;
  readonly route: string;
  /** The parsed query without `cursor`, `offset` and `limit` (a page size may change during a walk). */
  readonly filters: Readonly<Record<string, unknown>>;
}

const FORMAT = /^([A-Za-z0-9_-]{1,680})\.([A-Za-z0-9_-]{22})$/;

/** JSON with object keys in one order, so equal filters give equal text. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).filter(([, item]) => item !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function digest(binding: CursorBinding, after: string): Buffer {
  const text = canonical(['cursor.v1', binding.organizationId, binding.route, binding.filters, after]);
  return createHash('sha256').update(text).digest().subarray(0, 16);
}

export function encodeCursor(binding: CursorBinding, after: string): string {
  return `${Buffer.from(after).toString('base64url')}.${digest(binding, after).toString('base64url')}`;
}

const refused = (message: string) => InvalidInput.of('cursor', message);

/** The id the page follows; a cursor altered, of another organization, route, filters or sort is InvalidInput. */
export function decodeCursor(binding: CursorBinding, cursor: string): string {
  const parts = FORMAT.exec(cursor);
  if (!parts) throw refused('not a cursor of this API: pass the cursor of a Link rel="next" header as it came');
  const after = Buffer.from(parts[1], 'base64url').toString();
  const expected = digest(binding, after);
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    throw refused('this cursor belongs to another list (organization, filters or sort) or was altered');
  return after;
}

/**
 * The `Link` header to the next page (RFC 8288): the request's path and query, its `offset` and `cursor` replaced
 * by the new cursor. The reference is relative to the API's root, as the request was.
 */
export function nextLink(ctx: Context, cursor: string): string {
  const query = new URLSearchParams(ctx.querystring);
  for (const name of [...query.keys()]) {
    if (['offset', 'cursor'].includes(name.replace(/\[\]$/, ''))) query.delete(name);
  }
  query.append('cursor', cursor);
  return `<${ctx.path}?${query.toString()}>; rel="next"`;
}
