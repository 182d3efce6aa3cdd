import { z } from 'zod';
import type { Actor } from '../../../domain/identity/role.ts';
import { LINK_HEADER, listPage, type PageRequest, type Paged } from '../list-page.ts';
import { type Method, type RouteSpec, route } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';

/** What every operation of a resource says about itself in the OpenAPI document. */
export interface Described {
  readonly summary: string;
  readonly description?: string;
  /** Error statuses besides 400/401/500; each operation has a sensible default. */
  readonly errors?: readonly number[];
}

interface ListOperation<Q extends Paged> extends Described {
  readonly query: z.ZodType<Q>;
  readonly useCase: { execute(actor: Actor, query: PageRequest<Q>): Promise<unknown> };
}

interface CreateOperation<B> extends Described {
  readonly body: z.ZodType<B>;
  /** When the created answer is not the record itself (an API key with its plain secret). */
  readonly response?: z.ZodType;
  /** Headers the created answer carries (`Cache-Control: no-store` on a secret shown once). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly useCase: { execute(actor: Actor, body: B): Promise<unknown> };
}

interface ByIdOperation extends Described {
  readonly response?: z.ZodType;
  readonly useCase: { execute(actor: Actor, id: string): Promise<unknown> };
}

interface UpdateOperation<B> extends Described {
  readonly body: z.ZodType<B>;
  /** When the changed answer is more than the record (a version with the repricing job its change queued). */
  readonly response?: z.ZodType;
  readonly useCase: { execute(actor: Actor, id: string, body: B): Promise<unknown> };
}

/** A resource's collection and record routes; any operation left out has no route. */
export interface Resource<Q extends Paged, C, U> {
  readonly tag: string;
  /** The collection path, `/products`; records live at `/products/:id`. */
  readonly path: string;
  readonly record: z.ZodType;
  readonly list?: ListOperation<Q>;
  readonly create?: CreateOperation<C>;
  /**
   * Routes below the collection path (`/testCases/languages`, `/traces/batch`): they come before the record
   * routes so that a fixed segment is never taken for an `:id`.
   */
  readonly collection?: readonly RouteSpec[];
  readonly get?: ByIdOperation;
  readonly update?: UpdateOperation<U>;
  /** Soft-delete, answering the deletion receipt. */
  readonly remove?: ByIdOperation;
}

/** The list, create, read, update and delete routes of a resource, in that order, from one declaration. */
export function resourceRoutes<Q extends Paged, C, U>(resource: Resource<Q, C, U>): RouteSpec[] {
  const { tag, path, record, list, create, collection = [], get, update, remove } = resource;
  const byId = `${path}/:id`;
  const routes: RouteSpec[] = [];
  if (list) {
    routes.push(
      route({
        method: 'get',
        path,
        tag,
        ...describe(list, []),
        query: list.query,
        response: z.array(record),
        responseHeaders: LINK_HEADER,
        handle: ({ actor, query, ctx }) =>
          listPage(ctx, actor, path, query, (request) => list.useCase.execute(actor, request)),
      }),
    );
  }
  if (create) {
    routes.push(
      route({
        method: 'post',
        path,
        tag,
        ...describe(create, [409]),
        status: 201,
        body: create.body,
        response: create.response ?? record,
        handle: ({ actor, body, ctx }) => {
          for (const [name, value] of Object.entries(create.headers ?? {})) ctx.set(name, value);
          return create.useCase.execute(actor, body);
        },
      }),
    );
  }
  routes.push(...collection);
  if (get) routes.push(byIdRoute('get', get, { tag, byId, response: record }));
  if (update) {
    routes.push(
      route({
        method: 'patch',
        path: byId,
        tag,
        ...describe(update, [404, 409]),
        params: idParams,
        body: update.body,
        response: update.response ?? record,
        handle: ({ actor, params, body }) => update.useCase.execute(actor, params.id, body),
      }),
    );
  }
  if (remove) routes.push(byIdRoute('delete', remove, { tag, byId, response: deletion }));
  return routes;
}

function byIdRoute(
  method: 'get' | 'delete',
  operation: ByIdOperation,
  { tag, byId, response }: { tag: string; byId: string; response: z.ZodType },
): RouteSpec {
  return recordRoute({
    method,
    path: byId,
    tag,
    summary: operation.summary,
    description: operation.description,
    errors: operation.errors,
    response: operation.response ?? response,
    run: (actor, id) => operation.useCase.execute(actor, id),
  });
}

/** A route on one record named by `:id` (`POST /runs/:id/close`, `GET /organizations/:id/subscription`). */
export interface RecordAction<B> extends Described {
  readonly method: Method;
  readonly path: string;
  readonly tag: string;
  /** Success status (default 200). */
  readonly status?: number;
  readonly body?: z.ZodType<B>;
  /** What the route answers; none for a 204. */
  readonly response?: z.ZodType;
  run(actor: Actor, id: string, body: B): Promise<unknown>;
}

/** One record route from its declaration; errors default to 404 (the record is not there). */
export function recordRoute<B = undefined>(action: RecordAction<B>): RouteSpec {
  const { method, path, tag, status, body, response, run } = action;
  return route({
    method,
    path,
    tag,
    ...describe(action, [404]),
    params: idParams,
    ...(status ? { status } : {}),
    ...(body ? { body } : {}),
    ...(response ? { response } : {}),
    handle: ({ actor, params, body }) => run(actor, params.id, body as B),
  });
}

export function describe(operation: Described, defaultErrors: readonly number[]) {
  return {
    summary: operation.summary,
    ...(operation.description ? { description: operation.description } : {}),
    errors: operation.errors ?? defaultErrors,
  };
}
