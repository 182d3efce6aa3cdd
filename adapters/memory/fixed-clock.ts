import type { Clock } from '../../application/ports/clock.ts';

/** A clock that stands still until told to move: deterministic time for tests. */
export class FixedClock implements Clock {
  constructor(private current = '2026-01-01T00:00:00.000Z') {}
  now(): string {
    return this.current;
  }
  advance(milliseconds: number): void {
    this.current = new Date(Date.parse(this.current) + milliseconds).toISOString();
  }
}
