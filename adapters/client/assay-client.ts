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

/** The routes that list records: they answer a JSON array and page with offset and limit. */
type ListPath = {
  [P in keyof paths]: paths[P] extends { get: { responses: { 200: { content: { 'application/json': unknown[] } } } } }
    ? P
    : never;
}[keyof paths];
type ItemOf<P extends ListPath> = paths[P]['get']['responses'][200]['content']['application/json'][number];
type QueryOf<P extends ListPath> = Omit<NonNullable<paths[P]['get']['parameters']['query']>, 'offset' | 'limit'>;

/** What a wait gives up after, and how often it looks. */
export interface Waiting {
  readonly timeoutMs?: number;
  readonly intervalMs?: number;
}

export interface AssayClient {
  /** Every route, typed from the OpenAPI document: `api.GET('/products/{id}', { params: { path: { id } } })`. */
  readonly api: Client<paths>;
  /** Every record of a list, page after page (`limit` records a request, 100 by default). */
  listAll<P extends ListPath>(path: P, query?: QueryOf<P>, limit?: number): AsyncGenerator<ItemOf<P>>;
  /** The evaluations once none of them is PENDING (scored, failed, skipped or handed to a human). */
  waitForEvaluations(ids: readonly string[], waiting?: Waiting): Promise<Schemas['Evaluation'][]>;
  /** The run once the launch has ended (COMPLETED, FAILED or CANCELLED). */
  waitForLaunch(runId: string, launchId: string, waiting?: Waiting): Promise<Schemas['RunWithLaunches']>;
}

/** A failed call: the status and the API's `{error, message}` body. */
export class AssayApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; message?: string } | undefined,
  ) {
    super(`${status} ${body?.error ?? ''}: ${body?.message ?? 'request failed'}`);
    this.name = 'AssayApiError';
  }
}

function answered<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.data === undefined) throw new AssayApiError(result.response.status, result.error as never);
  return result.data;
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
  const api = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/$/, ''),
    headers: { authorization: `Bearer ${options.apiKey}` },
    fetch: retryingFetch(options.fetch ?? globalThis.fetch, options),
  });
  // The generic GET of a list path: openapi-fetch's overloads cannot be chosen from a type parameter.
  const getList = api.GET as unknown as (
    path: string,
    init: { params: { query: Record<string, unknown> } },
  ) => Promise<{ data?: unknown[]; error?: unknown; response: Response }>;
  return {
    api,
    async *listAll(path, query, limit = 100) {
      for (let offset = 0; ; offset += limit) {
        const page = answered(await getList(path, { params: { query: { ...query, offset, limit } } }));
        yield* page as ItemOf<typeof path>[];
        if (page.length < limit) return;
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
