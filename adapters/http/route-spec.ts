import type { Context } from 'koa';
import type { z } from 'zod';
import type { Actor } from '../../domain/identity/role.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * How a route's request body arrives: JSON (default), text, raw bytes (protobuf), or `stream`: a function opening
 * the decoded body, for a handler that checks what it can first and reads the body as it goes (CSV import).
 */
export type BodyKind = 'json' | 'text' | 'binary' | 'stream' | 'none';

export interface RouteInput<P, Q, B> {
  readonly actor: Actor;
  readonly params: P;
  readonly query: Q;
  readonly body: B;
  readonly ctx: Context;
}

/**
 * One HTTP route: its schemas validate the request and also generate the OpenAPI document, so the two
 * cannot drift. The handler calls one use case and returns the response body.
 */
export interface RouteSpec<P = unknown, Q = unknown, B = unknown> {
  readonly method: Method;
  /** Koa path, `/organizations/:id`. */
  readonly path: string;
  readonly tag: string;
  readonly summary: string;
  readonly description?: string;
  /** Routes open to anyone (health, docs) say false; every other route needs a bearer credential. */
  readonly auth?: boolean;
  /** A route that checks a password sent without a key: its 401s count against the client address (sign-in). */
  readonly checksPassword?: boolean;
  readonly params?: z.ZodType<P>;
  readonly query?: z.ZodType<Q>;
  readonly body?: z.ZodType<B>;
  readonly bodyKind?: BodyKind;
  /** The most bytes the body may hold, before and after decompression (default `BODY_LIMIT`, 16 MB). */
  readonly bodyLimit?: number;
  /** A `stream` route that also takes a multipart/form-data upload: the form field holding the file. */
  readonly uploadField?: string;
  /** Media types the body may carry, when not plain JSON. */
  readonly consumes?: readonly string[];
  /** Success status (default 200). */
  readonly status?: number;
  readonly response?: z.ZodType;
  readonly responseDescription?: string;
  /** Headers the success answer may carry, by name, with what they say (documented in OpenAPI). */
  readonly responseHeaders?: Readonly<Record<string, string>>;
  /** Responses are parsed by `response` (dropping internal fields, proving the documented shape); hot paths may skip it. */
  readonly validateResponse?: boolean;
  /** Error statuses this route documents besides 400/401/500. */
  readonly errors?: readonly number[];
  handle(input: RouteInput<P, Q, B>): Promise<unknown> | unknown;
}

/** Keeps the route's parameter types tied to its schemas. */
export function route<P = Record<string, never>, Q = Record<string, never>, B = undefined>(
  spec: RouteSpec<P, Q, B>,
): RouteSpec<P, Q, B> {
  return spec;
}
