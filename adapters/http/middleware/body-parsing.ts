import type { Context, Middleware } from 'koa';
import { Readable } from 'node:stream';
import { HttpProblem } from '../http-errors.ts';
import { BODY_LIMIT, decodedBody, readBody } from './decoded-body.ts';
import { rawBody } from './raw-body.ts';
import type { RouteSpec } from '../route-spec.ts';
import type { BodyAdmission } from '../body-admission.ts';
import { admitBody } from './admit-body.ts';
import { shapeGuarded } from './json-shape-guard.ts';
import { jsonBodyReader, uploadedFile } from './koa-body-reading.ts';
import { markScannedClean } from '../../shared/scanned-json.ts';

const PARSED = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART = 'multipart/form-data';

const hasBody = (ctx: Context): boolean =>
  Number(ctx.get('content-length') || 0) > 0 || ctx.get('transfer-encoding') !== '';

const setBody = (ctx: Context, body: unknown) => {
  (ctx.request as { body?: unknown }).body = body;
};

/**
 * JSON through koa-body, over the decoded body counted on its way by the shape guard; no body is `{}`. A body whose
 * text held no `\u` escape is marked so (`markScannedClean`): validation skips its walk for unstorable text.
 */
function jsonReading(limit: number): (ctx: Context) => Promise<unknown> {
  const read = jsonBodyReader(limit);
  return async (ctx) => {
    if (!hasBody(ctx)) return {};
    const guarded = shapeGuarded(decodedBody(ctx, limit));
    const body = await read(ctx, guarded);
    // Only JSON text: a form's `%00` would decode to a NUL the scan cannot see.
    if (!guarded.escapesUnicode() && ctx.is('json') === 'json') markScannedClean(body);
    return body;
  };
}

/**
 * A streamed body (CSV import): a raw one opens as the decoded body, read as the handler goes; a multipart upload
 * is read by koa-body first, and its one file in `field` opens the same way.
 */
function streamReading(limit: number, field: string | undefined): (ctx: Context) => Promise<unknown> {
  return async (ctx) => {
    if (field === undefined || ctx.is(MULTIPART) !== MULTIPART) return () => decodedBody(ctx, limit);
    const chunks = await uploadedFile(ctx, decodedBody(ctx, limit), limit, field);
    return () => Readable.from(chunks);
  };
}

/**
 * Refuses a body of the wrong media type with 415 before reading it, then reads what the route takes, bounded by
 * its `bodyLimit`: JSON (koa-body), text, bytes, or (`stream`) a function opening the decoded body for a handler
 * that reads it as it goes.
 */
export function bodyParsing(
  spec: RouteSpec,
  bound?: { readonly admission: BodyAdmission; readonly waitMs: number },
): Middleware[] {
  const kind = spec.bodyKind ?? (spec.body ? 'json' : 'none');
  const types = spec.consumes ?? ['application/json'];
  const limit = spec.bodyLimit ?? BODY_LIMIT;
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
  const streamed = (ctx: Context) => kind === 'stream' && ctx.is(MULTIPART) !== MULTIPART;
  const checked = bound ? [guard, admitBody(bound.admission, { waitMs: bound.waitMs, streamed })] : [guard];
  if (kind === 'json') return [...checked, read(jsonReading(limit))];
  if (kind === 'text') return [...checked, read(async (ctx) => (await readBody(ctx, limit)).toString('utf8'))];
  if (kind === 'stream') return [...checked, read(streamReading(limit, spec.uploadField))];
  return [...checked, rawBody(limit)];
}
