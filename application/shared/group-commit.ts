/** One entry waiting for its group's commit, and how to tell its caller the outcome. */
interface Waiting<T> {
  readonly entry: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/**
 * A group commit: entries added while a group's commit runs wait, then commit together in the next one. A group that
 * fails commits its entries one by one, so one bad entry never fails the others (each gets its own outcome).
 */
export class GroupCommit<T> {
  private readonly waiting: Waiting<T>[] = [];
  private flushing = false;

  constructor(private readonly commit: (entries: readonly T[]) => Promise<void>) {}

  /** Settles once the group holding `entry` committed (or `entry` failed alone). */
  add(entry: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (!this.flushing) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.flushing = true;
    try {
      while (this.waiting.length > 0) {
        const group = this.waiting.splice(0);
        try {
          await this.commit(group.map((waiting) => waiting.entry));
          for (const waiting of group) waiting.resolve();
        } catch (error) {
          if (group.length === 1) group[0].reject(error);
          else
            await Promise.all(
              group.map((waiting) => this.commit([waiting.entry]).then(waiting.resolve, waiting.reject)),
            );
        }
      }
    } finally {
      this.flushing = false;
    }
  }
}
