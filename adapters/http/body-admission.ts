/** What a waiting request is told when it is let in, or why it never was. */
type Outcome = { readonly admitted: true; readonly release: () => void } | { readonly admitted: false };

interface Waiter {
  readonly bytes: number;
  /** Larger than the whole budget. */
  readonly large: boolean;
  settle(outcome: Outcome): void;
}

/**
 * A budget of request-body bytes the process works on at once. A body becomes objects several times its size
 * while it is parsed, validated, written and answered, so without a bound the memory of a server grows with the
 * number of connections sending to it (200 clients sending span batches at once). A request takes its declared
 * size from the budget before its body is read and gives it back once answered; a request that does not fit waits,
 * its body unread in the socket. Waiters are let in by turns across callers (organizations), so one tenant's flood
 * of requests does not queue another tenant's request behind all of its own. A body larger than the whole budget is
 * let in without other bodies, beside at most `largeBodies - 1` other such bodies: two large OTLP exports at once let
 * one be parsed while the other is written, which one at a time left the process idle half the time.
 */
export class BodyAdmission {
  private inFlight = 0;
  private largeInFlight = 0;
  /** Waiters per caller, in arrival order; the map's order is the turn order. */
  private readonly waiting = new Map<string, Waiter[]>();

  constructor(
    readonly budgetBytes: number,
    readonly largeBodies = 1,
  ) {}

  /** Bytes admitted and not yet released. */
  get bytesInFlight(): number {
    return this.inFlight;
  }

  /**
   * Waits until `bytes` fit in the budget (at most `waitMs`), then resolves with the function that releases them;
   * resolves `null` when the wait timed out or `abandoned` fired first (the client went away).
   */
  async admit(
    caller: string,
    bytes: number,
    { waitMs, abandoned }: { waitMs: number; abandoned?: (cancel: () => void) => void },
  ): Promise<(() => void) | null> {
    const charge = Math.min(Math.max(0, bytes), this.budgetBytes);
    const large = bytes > this.budgetBytes;
    if (this.waiting.size === 0 && this.fits(charge, large)) return this.take(charge, large);
    const outcome = await new Promise<Outcome>((resolve) => {
      let settled = false;
      const waiter: Waiter = {
        bytes: charge,
        large,
        settle: (outcome) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(outcome);
        },
      };
      const giveUp = () => {
        this.remove(caller, waiter);
        waiter.settle({ admitted: false });
      };
      const timer = setTimeout(giveUp, waitMs);
      abandoned?.(giveUp);
      const queue = this.waiting.get(caller);
      if (queue) queue.push(waiter);
      else this.waiting.set(caller, [waiter]);
      this.letIn();
    });
    return outcome.admitted ? outcome.release : null;
  }

  private fits(bytes: number, large: boolean): boolean {
    if (this.inFlight === 0) return true;
    // Large bodies go only beside other large ones (each counted as the whole budget), up to `largeBodies`.
    if (large) return this.inFlight === this.largeInFlight * this.budgetBytes && this.largeInFlight < this.largeBodies;
    return this.inFlight + bytes <= this.budgetBytes;
  }

  private take(bytes: number, large: boolean): () => void {
    this.inFlight += bytes;
    if (large) this.largeInFlight++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight -= bytes;
      if (large) this.largeInFlight--;
      this.letIn();
    };
  }

  /** Lets waiters in by turns, one per caller per turn, while the next in turn fits. */
  private letIn(): void {
    for (const [caller, queue] of this.waiting) {
      const next = queue[0];
      if (!next || !this.fits(next.bytes, next.large)) return;
      queue.shift();
      // The caller goes to the back of the turn order, with what it still has waiting.
      this.waiting.delete(caller);
      if (queue.length > 0) this.waiting.set(caller, queue);
      next.settle({ admitted: true, release: this.take(next.bytes, next.large) });
    }
  }

  private remove(caller: string, waiter: Waiter): void {
    const queue = this.waiting.get(caller);
    if (!queue) return;
    const index = queue.indexOf(waiter);
    if (index >= 0) queue.splice(index, 1);
    if (queue.length === 0) this.waiting.delete(caller);
    // A waiter ahead that did not fit may have been holding back smaller ones behind other callers.
    this.letIn();
  }
}
