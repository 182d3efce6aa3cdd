import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ResponseCode, statusOf } from './http-errors.ts';

/** What the HTTP parser's failures become: each carries the same `{error, message}` body as every other answer. */
const PARSER_ERRORS: Record<string, { code: ResponseCode; message: string }> = {
  HPE_HEADER_OVERFLOW: {
    code: 'headers_too_large',
    message: 'The request headers exceed the size limit (16 KB in total)',
  },
  ERR_HTTP_REQUEST_TIMEOUT: {
    code: 'request_timeout',
    message: 'The request did not arrive in time; send it again',
  },
  ERR_HTTP_HEADERS_TIMEOUT: {
    code: 'request_timeout',
    message: 'The request headers did not arrive in time; send them again',
  },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: {
    code: 'payload_too_large',
    message: 'The chunk extensions of the request body exceed the size limit',
  },
};
const MALFORMED = { code: 'invalid_input' as const, message: 'The request is not valid HTTP/1.1' };

/**
 * The server's `clientError` handler: a request Node's parser refused (malformed, headers over the limit, too slow)
 * is answered with its status and a JSON `{error, message}` body, then the connection closes. A connection that is
 * already gone, or that has a response under way, is just closed.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  const busy = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || busy) {
    socket.destroy();
    return;
  }
  const { code, message } = PARSER_ERRORS[error.code ?? ''] ?? MALFORMED;
  const status = statusOf(code);
  const body = JSON.stringify({ error: code, message });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
      'Content-Type: application/json; charset=utf-8\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
