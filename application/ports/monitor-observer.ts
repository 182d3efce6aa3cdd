/** Told what monitors do, for counters; never fails and never changes data. */
export interface MonitorObserver {
  /** A monitor queued `count` evaluations (discovery or backfill). */
  evaluationsQueued(count: number): void;
  /** Monitors' evaluations were scored: `count` of them ended with `status`. */
  evaluationsScored(status: string, count: number): void;
  /** An alert opened or recovered. */
  alertChanged(transition: 'opened' | 'recovered'): void;
}
