import type { Middleware } from 'koa';
import { koaBody } from 'koa-body';
import { HttpProblem } from '../http-errors.ts';
import { rawBody } from './raw-body.ts';
import type { RouteSpec } from '../route-spec.ts';

export const JSON_LIMIT = '16mb';
const PARSED = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;

const hasBody = (ctx: Parameters<Middleware>[0]): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

/** Refuses a body of the wrong media type with 415 before reading it, then parses what the route takes. */
export function bodyParsing(spec: RouteSpec): Middleware[] {
  const kind = spec.bodyKind ?? (spec.body ? 'json' : 'none');
  const types = spec.consumes ?? ['application/json'];
  const guard: Middleware = async (ctx, next) => {
    if (kind !== 'none' && hasBody(ctx) && !ctx.is(...types)) {
      throw new HttpProblem('unsupported_media_type', `Send the body as ${types.join(' or ')} (got ${ctx.get('content-type') || 'no Content-Type'})`);
    }
    await next();
  };
  if (kind === 'json') {
    return [guard, koaBody({ json: true, jsonStrict: true, jsonLimit: JSON_LIMIT, text: false, urlencoded: false, multipart: false, parsedMethods: [...PARSED] as never })];
  }
  if (kind === 'text') {
    return [guard, koaBody({ json: false, text: true, textTypes: [...types], textLimit: JSON_LIMIT, urlencoded: false, multipart: false, parsedMethods: [...PARSED] as never })];
  }
  if (kind === 'binary') return [guard, rawBody(16 * 1024 * 1024)];
  return [guard];
}
