import type { Middleware } from 'koa';
import type { Readable } from 'node:stream';
import { createGunzip, createInflate } from 'node:zlib';
import { HttpProblem } from '../http-errors.ts';

/** Reads the request body as bytes into `ctx.request.body` (a Buffer), inflating gzip or deflate, refusing more than `limit` bytes. */
export function rawBody(limit: number): Middleware {
  return async (ctx, next) => {
    const encoding = (ctx.get('content-encoding') || 'identity').toLowerCase();
    const declared = Number(ctx.get('content-length') || 0);
    if (declared > limit) throw new HttpProblem('payload_too_large', `The request body exceeds ${limit} bytes`);
    let stream: Readable = ctx.req;
    if (encoding === 'gzip' || encoding === 'x-gzip') stream = ctx.req.pipe(createGunzip());
    else if (encoding === 'deflate') stream = ctx.req.pipe(createInflate());
    else if (encoding !== 'identity')
      throw new HttpProblem(
        'unsupported_media_type',
        `Content-Encoding ${encoding} is not supported (use gzip, deflate or none)`,
      );
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of stream) {
        size += (chunk as Buffer).length;
        if (size > limit) {
          ctx.req.unpipe();
          ctx.req.resume();
          throw new HttpProblem('payload_too_large', `The request body exceeds ${limit} bytes`);
        }
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof HttpProblem) throw error;
      throw new HttpProblem('invalid_input', `The request body could not be read: ${(error as Error).message}`);
    }
    (ctx.request as { body?: unknown }).body = Buffer.concat(chunks);
    await next();
  };
}
