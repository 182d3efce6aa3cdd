import type { Context } from 'koa';
import { PassThrough, type Readable, type Transform } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';
import { HttpProblem } from '../http-errors.ts';

/** The one size limit of every request body, before and after decompression (JSON, text and bytes alike). */
export const BODY_LIMIT = 16 * 1024 * 1024;
/**
 * The routes open without a key take small bodies only, so an anonymous client cannot make the server read and parse
 * megabytes: sign-in and MFA (an e-mail of 255 and a password of 256 characters, each escaped at worst 6 bytes a
 * character, fit in 3.1 KB) and the marketplace webhook (its fullest notice, a ChangePlan with the subscription, is
 * about 2 KB; Microsoft says the schema may grow, hence eight times that).
 */
export const CREDENTIAL_BODY_LIMIT = 8 * 1024;
export const WEBHOOK_BODY_LIMIT = 16 * 1024;

/** The `Content-Encoding` values every route accepts (one coding per request; `identity` or none means plain). */
export const CONTENT_CODINGS = ['gzip', 'x-gzip', 'deflate', 'br', 'identity'] as const;

const tooLarge = (limit: number) =>
  new HttpProblem('payload_too_large', `The request body exceeds ${limit} bytes (counted after decompression)`);

/** The decompressor for the request's `Content-Encoding`, null for a plain body; 415 for anything else. */
function decoderFor(header: string): Transform | null {
  const codings = header
    .split(',')
    .map((coding) => coding.trim().toLowerCase())
    .filter((coding) => coding !== '' && coding !== 'identity');
  if (codings.length === 0) return null;
  const [coding] = codings;
  if (codings.length === 1 && (coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate')) return createUnzip();
  if (codings.length === 1 && coding === 'br') return createBrotliDecompress();
  throw new HttpProblem(
    'unsupported_media_type',
    `Content-Encoding ${header} is not supported: send one of gzip, deflate, br or identity`,
  );
}

/**
 * The request body as a stream of decoded bytes, the same on every route: gzip, deflate and br are inflated; more
 * than `limit` bytes on the wire or after inflating is 413 (so a decompression bomb stops at the limit); a body
 * that is not valid data of its declared coding is 400. The request itself is never destroyed: on any failure the
 * rest of it is read and dropped, so the client receives the answer instead of a reset connection.
 */
export function decodedBody(ctx: Context, limit = BODY_LIMIT): Readable {
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > limit) throw tooLarge(limit);
  const decoder = decoderFor(ctx.get('content-encoding'));
  const request = ctx.req;
  const output = new PassThrough();
  let received = 0;
  let produced = 0;
  let finished = false;
  const source: Readable = decoder ?? request;

  const stop = (error?: Error) => {
    if (finished) return;
    finished = true;
    if (decoder) {
      request.unpipe(decoder);
      decoder.destroy();
    }
    source.off('data', onData);
    request.off('data', onWire);
    request.resume();
    if (error) output.destroy(error);
  };
  const onWire = (chunk: Buffer) => {
    received += chunk.length;
    if (received > limit) stop(tooLarge(limit));
  };
  const onData = (chunk: Buffer) => {
    produced += chunk.length;
    if (produced > limit) return stop(tooLarge(limit));
    if (!output.write(chunk)) source.pause();
  };
  output.on('drain', () => source.resume());
  output.on('close', () => stop());
  // A reader that stopped early (a CSV import at its row limit) leaves the body paused: once the answer is sent,
  // the rest is read and dropped, so the client can finish sending and read the answer.
  ctx.res.once('finish', () => stop());
  request.on('data', onWire);
  request.once('aborted', () => stop(new HttpProblem('invalid_input', 'The request body was cut off by the client')));
  request.once('error', () => stop(new HttpProblem('invalid_input', 'The request body could not be read')));
  if (decoder) {
    decoder.once('error', () => {
      stop(
        new HttpProblem(
          'invalid_input',
          `The request body is not valid ${ctx.get('content-encoding').trim()} data (check its Content-Encoding)`,
        ),
      );
    });
    request.pipe(decoder);
  }
  source.on('data', onData);
  source.once('end', () => {
    if (finished) return;
    finished = true;
    output.end();
  });
  return output;
}

/** Reads the whole decoded body into one Buffer (see `decodedBody` for encodings and limits). */
export async function readBody(ctx: Context, limit = BODY_LIMIT): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of decodedBody(ctx, limit)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}
