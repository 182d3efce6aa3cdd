import pino from 'pino';
import type { Logger } from '../../application/ports/logger.ts';

/** Structured JSON logs; any field named like a secret is redacted. */
export function createPinoLogger(level: string): pino.Logger {
  return pino({
    level,
    base: { service: 'assay' },
    redact: {
      paths: ['authorization', 'key', 'secret', 'password', '*.authorization', '*.key', 'headers.authorization'],
      censor: '[redacted]',
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
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
