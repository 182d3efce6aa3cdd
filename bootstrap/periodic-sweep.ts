import type { Logger } from '../application/ports/logger.ts';
import type { SweepOptions, SweepReport } from '../application/operations/sweep-storage.ts';

/**
 * The worker's sweeper: runs the retention and purge sweep every `everyMs` once started, never two at once in this
 * process. A failing sweep is logged and the next one tries again. Stopping ends a sweep in flight between two chunks
 * and waits for that chunk. Started by `startScoringWorker`; stopped when the container closes.
 */
export class PeriodicSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly sweep: (options: SweepOptions) => Promise<SweepReport>,
    private readonly everyMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.timer || this.stopping.signal.aborted) return;
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
  }

  /** One sweep now, or the one already running. */
  runOnce(): Promise<void> {
    this.running ??= this.sweep({ signal: this.stopping.signal })
      .then(
        (report) => {
          if (report.expiredSpans > 0 || report.purgedRecords > 0) this.logger.info({ ...report }, 'sweep done');
        },
        (error: unknown) =>
          this.logger.error({ err: error }, 'the retention and purge sweep failed; the next one tries again'),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.stopping.abort();
    await this.running;
  }
}
