/** How long a refused guess is held before its answer, and how many are held at once at the most. */
const HOLD_MS = 1000;
const MAX_HELD = 256;

/**
 * Holds the answer to a refused credential guess for a moment, so a client guessing one request after another
 * makes about one guess a second. The holds are bounded: beyond `maxHeld` at once, answers go out at once (an
 * attacker's open requests then cost no more memory than any others').
 */
export class GuessHold {
  private held = 0;

  constructor(
    private readonly holdMs = HOLD_MS,
    private readonly maxHeld = MAX_HELD,
  ) {}

  async wait(): Promise<void> {
    if (this.held >= this.maxHeld) return;
    this.held += 1;
    try {
      await new Promise((resolve) => setTimeout(resolve, this.holdMs).unref());
    } finally {
      this.held -= 1;
    }
  }
}
