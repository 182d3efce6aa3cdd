import type { Logger } from '../application/ports/logger.ts';

/**
 * A worker's repeated job (the monitors' discovery tick, the alert tick): runs `work` every `everyMs` once started,
 * never two at once in this process; a failing run is logged and the next one tries again. Stopping waits for the
 * run in flight. Started by `startScoringWorker`; stopped when the container closes.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopped = false;

  constructor(
    private readonly name: string,
    private readonly work: () => Promise<unknown>,
    private readonly everyMs: number,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (this.timer || this.stopped) return;
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
  }

  /** One run now, or the one already running. */
  runOnce(): Promise<void> {
    this.running ??= this.work()
      .then(
        () => undefined,
        (error: unknown) => this.logger.error({ err: error }, `${this.name} failed; the next run tries again`),
      )
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}

/** The monitors' two ticks, started and stopped together. */
export class MonitorTicks {
  constructor(
    readonly discovery: PeriodicTask,
    readonly alerts: PeriodicTask,
  ) {}

  start(): void {
    this.discovery.start();
    this.alerts.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.discovery.stop(), this.alerts.stop()]);
  }
}
