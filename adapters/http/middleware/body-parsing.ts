import type { Context, Middleware } from 'koa';
import { HttpProblem } from '../http-errors.ts';
import { BODY_LIMIT, decodedBody, readBody } from './decoded-body.ts';
import { rawBody } from './raw-body.ts';
import type { RouteSpec } from '../route-spec.ts';
import type { BodyAdmission } from '../body-admission.ts';
import { admitBody } from './admit-body.ts';

const PARSED = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A JSON body must be an object or an array (leading whitespace allowed). */
const STRICT_JSON = /^[ \t\n\r]*[[{]/;

const hasBody = (ctx: Context): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

const setBody = (ctx: Context, body: unknown) => {
  (ctx.request as { body?: unknown }).body = body;
};

/** Reads a JSON body: empty is `{}`, anything but an object or array is 400. */
async function readJson(ctx: Context): Promise<unknown> {
  const text = (await readBody(ctx, BODY_LIMIT)).toString('utf8');
  if (text.trim() === '') return {};
  if (!STRICT_JSON.test(text)) throw new HttpProblem('invalid_input', 'The request body must be a JSON object');
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpProblem('invalid_input', 'The request body is not valid JSON');
  }
}

/**
 * Refuses a body of the wrong media type with 415 before reading it, then reads what the route takes: JSON, text,
 * bytes, or (`stream`) a function opening the decoded body for a handler that reads it as it goes.
 */
export function bodyParsing(
  spec: RouteSpec,
  bound?: { readonly admission: BodyAdmission; readonly waitMs: number },
): Middleware[] {
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
  const read =
    (parse: (ctx: Context) => Promise<unknown> | unknown): Middleware =>
    async (ctx, next) => {
      if (PARSED.has(ctx.method) && ctx.is(...types)) setBody(ctx, await parse(ctx));
      await next();
    };
  if (kind === 'none') return [guard];
  // Room in the process's body budget is taken after the media type is checked and before a byte is read.
  const checked = bound
    ? [guard, admitBody(bound.admission, { waitMs: bound.waitMs, streamed: kind === 'stream' })]
    : [guard];
  if (kind === 'json') return [...checked, read(readJson)];
  if (kind === 'text') return [...checked, read(async (ctx) => (await readBody(ctx, BODY_LIMIT)).toString('utf8'))];
  if (kind === 'stream') return [...checked, read((ctx) => () => decodedBody(ctx, BODY_LIMIT))];
  return [...checked, rawBody(BODY_LIMIT)];
}
