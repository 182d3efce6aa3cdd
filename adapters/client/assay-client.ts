import createClient, { type Client } from 'openapi-fetch';
import type { components, paths } from './generated/api-types.ts';
import { type RetryPolicy, retryingFetch } from './retrying-fetch.ts';

export type { components, paths } from './generated/api-types.ts';
export type Schemas = components['schemas'];

export interface AssayClientOptions extends RetryPolicy {
  /** Where the API is served, `https://assay.example.com`. */
  readonly baseUrl: string;
  readonly apiKey: string;
  /** The fetch to send with (the global one by default). */
  readonly fetch?: typeof fetch;
}

/** The routes that list records: they answer a JSON array and page with limit and a cursor (or offset). */
type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': unknown[] } } } } }
    ? P
    : never;
}[keyof paths];
type ItemOf<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'][number];
type QueryOf<P extends ListPath> = Omit<
  NonNullable<paths[P]['get']['parameters']['query']>,
  'offset' | 'limit' | 'cursor'
>;
/** A query as a person types it (`productIds=product_…`): text values, checked by the server, not the compiler. */
export type TextQuery = Readonly<Record<string, string | readonly string[]>>;

/** The routes that read one record by its id: `/products/{id}`. */
export type RecordPath = {
  [P in keyof paths]: P extends `${string}/{id}`
    ? paths[P] extends { get: { responses: { 200: { content: { 'application/json': object } } } } }
      ? P
      : never
    : never;
}[keyof paths];
type RecordOf<P extends RecordPath> = paths[P]['get']['responses'][200]['content']['application/json'];

/** What a wait gives up after, and how often it looks. */
export interface Waiting {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

export interface AssayClient {
  /** Every route, typed from the OpenAPI document: `api.GET('/products/{id}', { params: { path: { id } } })`. */
  readonly api: Client<paths>;
  /**
   * Every record of a list, page after page (`limit` records a request, 100 by default), following the cursor of
   * each answer's `Link rel="next"`: every record there when the walk began comes once, however the list grows.
   */
  listAll<P extends ListPath>(path: P, query?: QueryOf<P> | TextQuery, limit?: number): AsyncGenerator<ItemOf<P>>;
  /** One record by its id (`getRecord('/products/{id}', id)`); a refusal throws AssayApiError. */
  getRecord<P extends RecordPath>(path: P, id: string): Promise<RecordOf<P>>;
  /** Imports CSV test cases (text, or a stream of it) into a test (dataset): all rows or none. */
  importTestCases(testId: string, csv: string | ReadableStream<Uint8Array>): Promise<Schemas['TestCaseImport']>;
  /** The evaluations once none of them is PENDING (scored, failed, skipped or handed to a human). */
  waitForEvaluations(ids: readonly string[], waiting?: Waiting): Promise<Schemas['Evaluation'][]>;
  /** The run once the launch has ended (COMPLETED, FAILED or CANCELLED). */
  waitForLaunch(runId: string, launchId: string, waiting?: Waiting): Promise<Schemas['RunWithLaunches']>;
}

/** A failed call: the status and the API's `{error, message}` body. */
export class AssayApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: Partial<Schemas['Error']> | undefined,
  ) {
    super(`${status} ${body?.error ?? ''}: ${body?.message ?? 'request failed'}`);
    this.name = 'AssayApiError';
  }
}

const errorBody = (error: unknown): Partial<Schemas['Error']> | undefined =>
  typeof error === 'object' && error !== null ? error : undefined;

function answered<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new AssayApiError(result.response.status, errorBody(result.error));
  return result.data;
}

/** The cursor of the answer's `Link: <…>; rel="next"` (RFC 8288), or null on the last page. */
export function nextCursor(response: Response): string | null {
  const link = response.headers.get('link') ?? '';
  for (const part of link.split(/,(?=\s*<)/)) {
    const match = /^\s*<([^>]*)>(.*)$/.exec(part);
    if (match && /;\s*rel="?next"?(\s*;|\s*$)/.test(match[2]))
      return new URL(match[1], 'http://link.invalid').searchParams.get('cursor');
  }
  return null;
}

/** Polls `probe` until it answers a value, or throws once the deadline has passed. */
async function until<T>(probe: () => Promise<T | undefined>, what: string, waiting: Waiting = {}): Promise<T> {
  const deadline = Date.now() + (waiting.timeoutMs ?? 120_000);
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, waiting.intervalMs ?? 500));
  }
}

/** A typed client of the Assay API with the bearer key, retries on 429/503, paging and waiting helpers. */
export function createAssayClient(options: AssayClientOptions): AssayClient {
  const baseUrl = options.baseUrl.replace(/\/$/, '');
  const authorization = `Bearer ${options.apiKey}`;
  const send = retryingFetch(options.fetch ?? globalThis.fetch, options);
  const api = createClient<paths>({ baseUrl, headers: { authorization }, fetch: send });
  // The generic GETs of a list or record path: openapi-fetch's overloads cannot be chosen from a type parameter.
  const getAny = api.GET as unknown as (
    path: string,
    init: { params: { query?: Record<string, unknown>; path?: { id: string } } },
  ) => Promise<{ data?: unknown; error?: unknown; response: Response }>;
  return {
    api,
    async getRecord(path, id) {
      return answered(await getAny(path, { params: { path: { id } } })) as RecordOf<typeof path>;
    },
    async importTestCases(testId, csv) {
      const response = await send(`${baseUrl}/tests/${encodeURIComponent(testId)}/testCases/import`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'text/csv' },
        body: csv,
        duplex: 'half',
      });
      const body: unknown = await response.json().catch(() => undefined);
      if (!response.ok) throw new AssayApiError(response.status, errorBody(body));
      return body as Schemas['TestCaseImport'];
    },
    async *listAll(path, query, limit = 100) {
      const { offset, ...filters } = (query ?? {}) as Record<string, unknown>;
      let page: Record<string, unknown> = offset === undefined ? { limit } : { offset, limit };
      for (;;) {
        const answer = await getAny(path, { params: { query: { ...filters, ...page } } });
        yield* answered(answer) as ItemOf<typeof path>[];
        const cursor = nextCursor(answer.response);
        if (cursor === null) return;
        page = { limit, cursor };
      }
    },
    waitForEvaluations(ids, waiting) {
      return until(
        async () => {
          const found = answered(
            await api.GET('/evaluations', { params: { query: { ids: [...ids], limit: Math.max(ids.length, 1) } } }),
          );
          return found.some((evaluation) => evaluation.status === 'PENDING') ? undefined : found;
        },
        `evaluations ${ids.join(', ')}`,
        waiting,
      );
    },
    waitForLaunch(runId, launchId, waiting) {
      return until(
        async () => {
          const run = answered(await api.GET('/runs/{id}', { params: { path: { id: runId } } }));
          const launch = run.launches.find((candidate) => candidate.id === launchId);
          if (!launch) throw new Error(`Run ${runId} has no launch ${launchId}`);
          return launch.status === 'QUEUED' || launch.status === 'RUNNING' ? undefined : run;
        },
        `launch ${launchId}`,
        waiting,
      );
    },
  };
}
