import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type pino from 'pino';
import { toErrorResponse } from '../http-errors.ts';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** The request's id: the caller's `X-Request-Id` when well formed, else a new one. */
export const requestIdOf = (offered: string | undefined): string =>
  offered && REQUEST_ID.test(offered) ? offered : randomUUID();

/** The fields of the one log line each answered request gets (`request`). */
export interface RequestLogFields {
  readonly requestId: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  readonly organizationId?: string;
  readonly userId?: string;
}

/**
 * Gives each request an id (the caller's `X-Request-Id` when well formed), answers every failure with
 * `{error, message}`, and writes one JSON log line per request: no headers, bodies or credentials.
 */
export function requestContext(logger: pino.Logger): Middleware {
  return async (ctx, next) => {
    const started = performance.now();
    const requestId = requestIdOf(ctx.get('x-request-id'));
    ctx.state.requestId = requestId;
    ctx.set('X-Request-Id', requestId);
    try {
      await next();
    } catch (error) {
      const response = toErrorResponse(error);
      ctx.status = response.status;
      ctx.body = response.body;
      for (const [name, value] of Object.entries(response.headers ?? {})) ctx.set(name, value);
      if (response.status >= 500) logger.error({ requestId, err: error }, 'request failed');
    } finally {
      const fields: RequestLogFields = {
        requestId,
        method: ctx.method,
        path: ctx.path,
        status: ctx.status,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
        organizationId: ctx.state.actor?.organizationId,
        userId: ctx.state.actor?.userId,
      };
      logger.info(fields, 'request');
    }
  };
}
