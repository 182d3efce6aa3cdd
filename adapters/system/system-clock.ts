import type { Clock } from '../../application/ports/clock.ts';

/** Wall-clock time. */
export class SystemClock implements Clock {
  now(): string {
    return new Date().toISOString();
  }
}
