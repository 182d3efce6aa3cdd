type RunSql = (text: string, values: unknown[]) => Promise<unknown>;

/**
 * Keeps jobs a live worker is running from expiring, so that their expiry can be short and a dead worker's jobs come
 * back soon. pg-boss expires an active job once `started_on + expire_in` has passed; this sets that moment to
 * `seconds` from now at once and again every third of it. A worker that dies stops beating, and its jobs expire
 * `seconds` after its last beat (the job's own `expireInSeconds` still bounds a live worker's handler).
 */
export class JobHeartbeat {
  private readonly timer: NodeJS.Timeout;

  private constructor(
    private readonly run: RunSql,
    private readonly queue: string,
    private readonly ids: readonly string[],
    private readonly seconds: number,
    onError: (error: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.beat().catch(onError), (seconds * 1000) / 3);
    this.timer.unref();
  }

  /** Beats once (before the work starts), then every `seconds / 3` until stopped. */
  static async start(
    run: RunSql,
    queue: string,
    ids: readonly string[],
    seconds: number,
    onError: (error: unknown) => void,
  ): Promise<JobHeartbeat> {
    const heartbeat = new JobHeartbeat(run, queue, ids, seconds, onError);
    await heartbeat.beat().catch(onError);
    return heartbeat;
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private beat(): Promise<unknown> {
    return this.run(
      `UPDATE pgboss.job SET expire_in = (now() - started_on) + make_interval(secs => $3)
        WHERE name = $1 AND id = ANY($2::uuid[]) AND state = 'active'`,
      [this.queue, this.ids, this.seconds],
    );
  }
}
