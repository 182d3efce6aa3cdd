import type { Context } from 'koa';
import { InvalidInput } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { decodeCursor, encodeCursor, nextLink } from './list-cursor.ts';

/** The paging part of every list route's query (schemas/common.ts `paging`). */
export interface Paged {
  readonly cursor?: string;
  readonly offset?: number;
  readonly limit?: number;
}

/** What the list's use case is asked: the query without the cursor, with the id the page follows. */
export type PageRequest<Q> = Omit<Q, 'cursor'> & { readonly after?: string; readonly limit: number };

export const LINK_HEADER = {
  Link: 'RFC 8288 `<…>; rel="next"` to the next page while another exists; follow it as given (its cursor is bound to this list).',
};

/**
 * One page of a list route. It asks for one record more than the page holds: when that one exists, the answer
 * carries a `Link` to the next page, whose cursor follows the page's last record (keyset: a deep page costs what
 * the first does). `cursor` with `offset` is refused: the cursor already says where the page starts.
 */
export async function listPage<Q extends Paged>(
  ctx: Context,
  actor: Actor,
  route: string,
  query: Q,
  list: (request: PageRequest<Q>) => Promise<unknown>,
): Promise<unknown[]> {
  const { cursor, offset, limit = 100, ...filters } = query;
  if (cursor !== undefined && offset !== undefined)
    throw InvalidInput.of('cursor', 'cursor and offset cannot be combined: the cursor says where the page starts');
  const binding = { organizationId: actor.organizationId, route, filters };
  const after = cursor === undefined ? undefined : decodeCursor(binding, cursor);
  const request = { ...filters, ...(offset === undefined ? {} : { offset }), ...(after ? { after } : {}) };
  const rows = (await list({ ...request, limit: limit + 1 } as PageRequest<Q>)) as { readonly id: string }[];
  if (rows.length <= limit || limit === 0) return rows.slice(0, limit);
  const page = rows.slice(0, limit);
  ctx.set('Link', nextLink(ctx, encodeCursor(binding, page[limit - 1].id)));
  return page;
}
