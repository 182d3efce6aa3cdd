import type { Middleware } from 'koa';
import { BODY_LIMIT, readBody } from './decoded-body.ts';

/** Reads the request body as bytes into `ctx.request.body` (a Buffer), decoded and bounded like every body. */
export function rawBody(limit = BODY_LIMIT): Middleware {
  return async (ctx, next) => {
    (ctx.request as { body?: unknown }).body = await readBody(ctx, limit);
    await next();
  };
}
