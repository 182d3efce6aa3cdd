/**
 * Per-organization counters that hand out 1, 2, 3… atomically: two concurrent callers never get the same number,
 * and a number is never handed out again (one taken inside a transaction that rolls back is returned with it).
 */
export interface Sequences {
  next(scope: string, name: string): Promise<number>;
}
