import type { Context } from 'koa';
import type { File } from 'formidable';
import { HttpMethodEnum, type KoaBodyMiddlewareOptions, koaBody } from 'koa-body';
import { type Readable, Writable } from 'node:stream';
import { DomainError } from '../../../domain/errors.ts';
import { HttpProblem } from '../http-errors.ts';

const METHODS = [HttpMethodEnum.POST, HttpMethodEnum.PUT, HttpMethodEnum.PATCH, HttpMethodEnum.DELETE];
/** Besides the file: the few text fields a form may carry, and their bytes together. */
const FORM_FIELDS = 20;
const FORM_FIELD_BYTES = 64 * 1024;
/** Formidable's codes for a form of the wrong shape (more than one file, too many fields), not of the wrong size. */
const FORM_SHAPE_CODES = new Set([1006, 1007, 1015]);

/**
 * A view of `ctx` whose Node request is `body`, the decoded and bounded body stream: koa-body (co-body, formidable)
 * reads it as it would the socket, so codings, limits and draining stay in one place (`decodedBody`). The headers it
 * sees describe the decoded bytes: no coding, no length known in advance.
 */
function overDecoded(ctx: Context, body: Readable): Context {
  const { 'content-length': _length, 'content-encoding': _coding, ...headers } = ctx.req.headers;
  const req = Object.assign(body, { headers: { ...headers, 'transfer-encoding': 'chunked' } });
  return Object.assign(Object.create(ctx) as Context, { req });
}

/** What koa-body's parsers throw, in the API's words; our own problems (limits, codings, shape) pass as they are. */
function translated(error: Error & { type?: string; httpCode?: number; code?: unknown }, limit: number): Error {
  if (error instanceof DomainError || error instanceof HttpProblem) return error;
  if (error.type === 'entity.too.large' || (error.httpCode === 413 && !FORM_SHAPE_CODES.has(error.code as number)))
    return new HttpProblem(
      'payload_too_large',
      `The request body exceeds ${limit} bytes (counted after decompression)`,
    );
  if (typeof error.httpCode === 'number')
    return new HttpProblem('invalid_input', `The multipart body is not valid: ${error.message}`);
  if (/only supports object and array/.test(error.message))
    return new HttpProblem('invalid_input', 'The request body must be a JSON object');
  if (/prototype property/.test(error.message))
    return new HttpProblem('invalid_input', 'The request body must not hold a "__proto__" key');
  if (error instanceof SyntaxError || error.type === 'entity.parse.failed')
    return new HttpProblem('invalid_input', 'The request body is not valid JSON');
  return error;
}

const onError = (limit: number) => (error: Error) => {
  throw translated(error, limit);
};

/** The options every koa-body reader shares: the one limit, strict JSON, bodies on the methods that carry them. */
const common = (limit: number): KoaBodyMiddlewareOptions => ({
  patchKoa: true,
  patchNode: false,
  jsonLimit: limit,
  formLimit: limit,
  textLimit: limit,
  encoding: 'utf-8',
  multipart: false,
  urlencoded: true,
  text: false,
  json: true,
  jsonStrict: true,
  jsonTypes: ['application/json', 'application/*+json'],
  urlencodedTypes: ['application/x-www-form-urlencoded'],
  textTypes: [],
  multipartTypes: ['multipart/form-data'],
  includeUnparsed: false,
  parsedMethods: METHODS,
  onError: onError(limit),
});

/** A reader of JSON (and form) bodies through koa-body: resolves with the parsed body. */
export function jsonBodyReader(limit: number): (ctx: Context, body: Readable) => Promise<unknown> {
  const read = koaBody(common(limit));
  return async (ctx, body) => {
    await read(overDecoded(ctx, body), async () => {});
    return (ctx.request as { body?: unknown }).body;
  };
}

/** Collects an uploaded file's bytes in memory (the body is bounded and admitted like any other). */
function memorySink(chunks: Buffer[]): Writable {
  return new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
}

/**
 * Reads a multipart/form-data body through koa-body (formidable) holding one file in the field `field`, and
 * resolves with that file's bytes: what a raw body of the route would have been.
 */
export async function uploadedFile(ctx: Context, body: Readable, limit: number, field: string): Promise<Buffer[]> {
  // Formidable takes one file at most (`maxFiles`), so one list holds its bytes.
  const chunks: Buffer[] = [];
  const read = koaBody({
    ...common(limit),
    json: false,
    urlencoded: false,
    multipart: true,
    formidable: {
      maxFiles: 1,
      maxFileSize: limit,
      maxTotalFileSize: limit,
      maxFields: FORM_FIELDS,
      maxFieldsSize: FORM_FIELD_BYTES,
      allowEmptyFiles: true,
      minFileSize: 0,
      fileWriteStreamHandler: () => memorySink(chunks),
    },
  });
  await read(overDecoded(ctx, body), async () => {});
  const sent = (ctx.request as { files?: Record<string, File | File[]> }).files ?? {};
  const other = Object.keys(sent).find((name) => name !== field);
  if (other !== undefined)
    throw new HttpProblem('invalid_input', `Send the file in the multipart field "${field}" (got "${other}")`);
  const file = sent[field];
  if (!file || Array.isArray(file))
    throw new HttpProblem('invalid_input', `Send one file in the multipart field "${field}"`);
  return chunks;
}
