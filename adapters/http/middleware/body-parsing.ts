import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpProblem } from '../http-errors.ts';
import { rawBody } from './raw-body.ts';
import type { RouteSpec } from '../route-spec.ts';

/** The one size limit of every request body (JSON, text and bytes alike). */
const BODY_LIMIT = 16 * 1024 * 1024;
const PARSED = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
const ONLY = { urlencoded: false, multipart: false, parsedMethods: [...PARSED] as never } as const;

const hasBody = (ctx: Parameters<Middleware>[0]): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

/** Refuses a body of the wrong media type with 415 before reading it, then parses what the route takes. */
export function bodyParsing(spec: RouteSpec): Middleware[] {
  const kind = spec.bodyKind ?? (spec.body ? 'json' : 'none');
  const types = spec.consumes ?? ['application/json'];
  const guard: Middleware = async (ctx, next) => {
    if (kind !== 'none' && hasBody(ctx) && !ctx.is(...types)) {
      throw new HttpProblem(
        'unsupported_media_type',
        `Send the body as ${types.join(' or ')} (got ${ctx.get('content-type') || 'no Content-Type'})`,
      );
    }
    await next();
  };
  if (kind === 'json') {
    return [guard, koaBody({ ...ONLY, json: true, jsonStrict: true, jsonLimit: BODY_LIMIT, text: false })];
  }
  if (kind === 'text') {
    return [guard, koaBody({ ...ONLY, json: false, text: true, textTypes: [...types], textLimit: BODY_LIMIT })];
  }
  if (kind === 'binary') return [guard, rawBody(BODY_LIMIT)];
  return [guard];
}
