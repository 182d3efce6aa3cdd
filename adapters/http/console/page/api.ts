import createClient from 'openapi-fetch';
import type { components, paths } from '../../../client/generated/api-types.ts';
import { ApiError, bearer, tabKey, UNREACHABLE } from '../../shared-page/api-key.ts';

export type { paths } from '../../../client/generated/api-types.ts';
/** The API's records, as its OpenAPI document describes them. */
export type Schemas = components['schemas'];

export { ApiError } from '../../shared-page/api-key.ts';

/** The console's API key for this tab. */
export const { stored: storedKey, remember: rememberKey, forget: forgetKey } = tabKey('assay.console.apiKey');

const REFUSED_KEY = 'This API key was not accepted (it may be mistyped, expired or revoked). Sign in again.';

/** Told when the API refuses the stored key, so the console can ask for another. */
let onRefusedKey: () => void = () => {};
export const whenKeyRefused = (listener: () => void): void => {
  onRefusedKey = listener;
};

/** The typed client: every route of the OpenAPI document, sent with the tab's key. */
export const client = createClient<paths>({ baseUrl: location.origin });
client.use({
  onRequest({ request }) {
    if (!request.headers.has('authorization')) request.headers.set('authorization', bearer(storedKey()));
    return request;
  },
});

interface Result<T> {
  readonly data?: T;
  readonly error?: unknown;
  readonly response: Response;
}

/** The data of an answer, or an ApiError with the API's own message. */
export async function answered<T>(call: Promise<Result<T>>, signedIn = true): Promise<T> {
  let result: Result<T>;
  try {
    result = await call;
  } catch {
    throw new ApiError(0, UNREACHABLE);
  }
  if (result.data !== undefined && result.response.ok) return result.data;
  const status = result.response.status;
  if (status === 401 && signedIn) {
    onRefusedKey();
    throw new ApiError(401, REFUSED_KEY);
  }
  const message = (result.error as { message?: string } | undefined)?.message;
  throw new ApiError(status, message ?? `The server answered ${status} ${result.response.statusText}.`);
}

/** The routes that list records (a JSON array, paged by cursor). */
export type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': unknown[] } } } } }
    ? P
    : never;
}[keyof paths];
export type ItemOf<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'][number];
/** A list's query: filters, `sort`, `limit`; arrays repeat the parameter. */
export type ListQuery = Readonly<Record<string, string | number | boolean | readonly string[] | undefined>>;

/** One page of a list and the cursor of the next (null on the last page). */
export interface Page<T> {
  readonly items: readonly T[];
  readonly next: string | null;
}

/** The cursor in a `Link: <…?cursor=…>; rel="next"` header. */
export function nextCursor(link: string | null): string | null {
  const target = link?.match(/<([^>]*)>\s*;\s*rel="?next"?/)?.[1];
  return target ? new URL(target, location.origin).searchParams.get('cursor') : null;
}

/** One page of a list, from its start or from a cursor. */
export async function listPage<P extends ListPath>(
  path: P,
  query: ListQuery,
  cursor: string | null = null,
): Promise<Page<ItemOf<P>>> {
  let response: Response | undefined;
  const get = client.GET as (path: string, init: unknown) => Promise<Result<ItemOf<P>[]>>;
  const items = await answered(
    get(path, { params: { query: { ...query, ...(cursor ? { cursor } : {}) } } }).then((result) => {
      response = result.response;
      return result;
    }),
  );
  return { items, next: nextCursor(response?.headers.get('link') ?? null) };
}

/** Every record of a list, page after page (1000 a page). */
export async function listAll<P extends ListPath>(path: P, query: ListQuery): Promise<ItemOf<P>[]> {
  const all: ItemOf<P>[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<ItemOf<P>> = await listPage(path, { limit: 1000, ...query }, cursor);
    all.push(...page.items);
    cursor = page.next;
  } while (cursor);
  return all;
}

/** Records by id, in batches small enough for a URL. */
export async function listByIds<P extends ListPath>(path: P, ids: readonly string[]): Promise<ItemOf<P>[]> {
  const unique = [...new Set(ids)];
  const batches: string[][] = [];
  for (let at = 0; at < unique.length; at += 150) batches.push(unique.slice(at, at + 150));
  const pages = await Promise.all(batches.map((batch) => listPage(path, { ids: batch, limit: 1000 })));
  return pages.flatMap((page) => page.items);
}
