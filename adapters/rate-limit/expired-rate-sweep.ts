import type { Sequelize } from 'sequelize';

/** Windows that ended at least this long ago are deleted (as rate-limiter-flexible's own sweep does). */
const KEPT_AFTER_EXPIRY_MS = 3_600_000;

/**
 * Deletes the PostgreSQL rate windows that expired an hour ago or more, every `everyMs` once started, so the table
 * does not grow with every key, organization, address and e-mail ever counted. Started by the entry point and stopped
 * when the container closes (the limiters are built with rate-limiter-flexible's own sweep timer off).
 */
export class ExpiredRateSweep {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly everyMs = 300_000,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.sweep(), this.everyMs);
    this.timer.unref();
  }

  /** One sweep; a failure (the database away) waits for the next one, as nothing depends on it. */
  async sweep(): Promise<void> {
    await this.sequelize
      .query('DELETE FROM rate_limits WHERE expire < $1', { bind: [Date.now() - KEPT_AFTER_EXPIRY_MS] })
      .catch(() => undefined);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
