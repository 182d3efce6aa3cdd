/**
 * The once-only mark: a monitor queued a session's evaluations. Unique per (monitor, session), so two workers, a
 * crash replayed or a backfill over the same period never queue a session twice.
 */
export interface MonitorSession {
  readonly id: string;
  readonly organizationId: string;
  readonly monitorId: string;
  readonly sessionId: string;
  readonly createdAt: string;
  readonly deletedAt: string | null;
}
