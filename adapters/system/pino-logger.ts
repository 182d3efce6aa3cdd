import pino from 'pino';
import type { Logger } from '../../application/ports/logger.ts';
import { errorWithoutData } from './log-scrubbing.ts';

/** Field names whose values are secrets, wherever they appear (top level or one object down, and in headers). */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'key',
  'apiKey',
  'secret',
  'secretHash',
  'password',
  'passwordHash',
  'hash',
  'token',
  'accessToken',
  'refreshToken',
];

/** pino redaction paths for the secret fields: at the top, one level down, and in request or response headers. */
export const REDACTED_PATHS = [
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((field) => `*.${field}`),
  ...['authorization', 'cookie', 'set-cookie', 'x-api-key'].flatMap((header) => [
    `headers["${header}"]`,
    `*.headers["${header}"]`,
  ]),
];

/**
 * Structured JSON logs. Fields named like secrets (keys, passwords, hashes, tokens, authorization headers) are
 * redacted, and logged errors keep their SQL statement without its values (tenant data) — see log-scrubbing.ts.
 */
export function createPinoLogger(level: string, destination?: pino.DestinationStream): pino.Logger {
  return pino(
    {
      level,
      base: { service: 'assay' },
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: { err: errorWithoutData },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    destination,
  );
}

/** The Logger port over pino. */
export class PinoLogger implements Logger {
  constructor(readonly pino: pino.Logger) {}
  info(fields: Record<string, unknown>, message: string): void {
    this.pino.info(fields, message);
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.pino.warn(fields, message);
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.pino.error(fields, message);
  }
}
