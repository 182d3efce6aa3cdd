import {
  Conflict,
  DomainError,
  DuplicateKey,
  type ErrorCode,
  InvalidInput,
  RateLimited,
  StaleVersion,
  Unavailable,
} from '../../domain/errors.ts';
import { wireText } from './schemas/wire-names.ts';

/** Codes only the HTTP layer raises: routing, media types, the HTTP parser's refusals, and the catch-all for bugs. */
type HttpOnlyCode = 'method_not_allowed' | 'request_timeout' | 'headers_too_large' | 'internal';

/** Every `error` code a response may carry. */
export type ResponseCode = ErrorCode | HttpOnlyCode;

/**
 * How a 409 `conflict` came about, so a client can tell "retry" from "do not": `stale_version` (another write
 * landed meanwhile; sending the request again may succeed), `duplicate` (a unique key is taken) and
 * `illegal_transition` (the record's state forbids the change). Stable, like the codes.
 */
export const CONFLICT_REASONS = ['stale_version', 'duplicate', 'illegal_transition'] as const;
export type ConflictReason = (typeof CONFLICT_REASONS)[number];

export interface ErrorResponse {
  readonly status: number;
  readonly body: {
    error: ResponseCode;
    message: string;
    reason?: ConflictReason;
    issues?: readonly { path: string; message: string }[];
  };
  readonly headers?: Record<string, string>;
}

/** The one table from error codes to HTTP statuses; a code without a status does not compile. */
const STATUS: Record<ResponseCode, number> = {
  invalid_input: 400,
  unauthorized: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  headers_too_large: 431,
  internal: 500,
  unavailable: 503,
};

/** A conflict's reason, by its kind; a plain `Conflict` is a state the request does not fit (a run of another product). */
function reasonOf(error: Conflict): ConflictReason {
  if (error instanceof StaleVersion) return 'stale_version';
  if (error instanceof DuplicateKey) return 'duplicate';
  return 'illegal_transition';
}

/** The status a response code is sent with. */
export const statusOf = (code: ResponseCode): number => STATUS[code];

/** An error raised by the HTTP layer itself (unknown route, wrong content type). */
export class HttpProblem extends Error {
  constructor(
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
  }
}

/** Body parsers and streams signal body problems with these statuses and types. */
function bodyParserProblem(error: unknown): ErrorResponse | null {
  const { status, type } = (error ?? {}) as { status?: number; type?: string };
  if (status === 413 || type === 'entity.too.large') {
    return { status: 413, body: { error: 'payload_too_large', message: 'The request body exceeds the size limit' } };
  }
  if (status === 415 || type === 'encoding.unsupported' || type === 'charset.unsupported') {
    return {
      status: 415,
      body: { error: 'unsupported_media_type', message: 'The request body encoding is not supported' },
    };
  }
  if (
    status === 400 &&
    (type === 'entity.parse.failed' || type === 'entity.verify.failed' || error instanceof SyntaxError)
  ) {
    return { status: 400, body: { error: 'invalid_input', message: 'The request body is not valid JSON' } };
  }
  if (status === 400 && type === 'request.size.invalid') {
    return {
      status: 400,
      body: { error: 'invalid_input', message: 'The request body is shorter than its Content-Length' },
    };
  }
  return null;
}

/** Maps any thrown value to a status and an `{error, message}` body; unknown failures reveal nothing. */
export function toErrorResponse(error: unknown): ErrorResponse {
  if (error instanceof DomainError) {
    // The domain names fields in the code's words; the API answers in its own.
    const body = {
      error: error.code,
      message: wireText(error.message),
      ...(error instanceof Conflict ? { reason: reasonOf(error) } : {}),
      ...(error instanceof InvalidInput
        ? { issues: error.issues.map((issue) => ({ path: wireText(issue.path), message: wireText(issue.message) })) }
        : {}),
    };
    const headers =
      error instanceof RateLimited || error instanceof Unavailable
        ? { 'Retry-After': String(error.retryAfterSeconds) }
        : undefined;
    return { status: STATUS[error.code], body, headers };
  }
  if (error instanceof HttpProblem)
    return { status: STATUS[error.code], body: { error: error.code, message: error.message } };
  return bodyParserProblem(error) ?? { status: 500, body: { error: 'internal', message: 'Internal server error' } };
}
