import { MAX_SWEEP_CHUNK_ROWS, purgeCutoff, retentionCutoff } from '../../domain/operations/retention.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import type { SweptRows } from '../ports/sweep-store.ts';

/** What one sweep deleted for good: spans past their organization's retention, and purged records of every kind. */
export interface SweepReport {
  readonly expiredSpans: number;
  readonly purgedRecords: number;
}

export interface SweepOptions {
  /** Purges records soft-deleted this many seconds ago or more, instead of the deployment's setting. */
  readonly purgeAfterSeconds?: number;
  /** Stops the sweep between two chunks once aborted (the process is stopping). */
  readonly signal?: AbortSignal;
}

const total = (rows: SweptRows): number => Object.values(rows).reduce((sum: number, count) => sum + (count ?? 0), 0);

/**
 * The retention and purge sweep (the worker runs it every RETENTION_SWEEP_SECONDS): deletes for good the spans older
 * than their organization's traceRetentionDays (with the inference results and sessions that emptied, unless an
 * evaluation refers to them), then the records soft-deleted more than `purgeAfterSeconds` ago. Every chunk is its own
 * transaction of at most `sweepChunkRows` rows.
 */
export class SweepStorage {
  private readonly chunk: number;

  constructor(
    private readonly ports: Pick<Ports, 'sweeps' | 'uow' | 'clock' | 'sweepObserver'>,
    private readonly settings: Pick<Settings, 'purgeAfterSeconds' | 'sweepChunkRows'>,
  ) {
    this.chunk = Math.max(1, Math.min(settings.sweepChunkRows, MAX_SWEEP_CHUNK_ROWS));
  }

  /** Sweeps once; an aborted `signal` stops the sweep between two chunks (the report counts what was done). */
  async execute(options: SweepOptions = {}): Promise<SweepReport> {
    const now = this.ports.clock.now();
    const purgeBefore = purgeCutoff(now, options.purgeAfterSeconds ?? this.settings.purgeAfterSeconds);
    const going = () => !options.signal?.aborted;
    let expiredSpans = 0;
    for (const policy of await this.ports.sweeps.retentionPolicies())
      if (going())
        expiredSpans += await this.expire(
          policy.organizationId,
          retentionCutoff(now, policy.traceRetentionDays),
          going,
        );
    return { expiredSpans, purgedRecords: going() ? await this.purge(purgeBefore, going) : 0 };
  }

  /** Expires one organization's spans chunk by chunk, each chunk followed by the records it emptied. */
  private async expire(organizationId: string, before: string, going: () => boolean): Promise<number> {
    const { sweeps, uow } = this.ports;
    let expired = 0;
    while (going()) {
      const spans = await uow.transaction(() => sweeps.expireSpans(organizationId, before, this.chunk));
      if (spans.deleted === 0) break;
      const results = await uow.transaction(() =>
        sweeps.dropEmptyInferenceResults(organizationId, spans.inferenceResultIds),
      );
      const sessions = await uow.transaction(() => sweeps.dropEmptySessions(organizationId, results.sessionIds));
      const rows = { spans: spans.deleted, inferenceResults: results.deleted, sessions };
      this.ports.sweepObserver.swept('retention', rows);
      expired += spans.deleted;
      if (spans.deleted < this.chunk) break;
    }
    return expired;
  }

  private async purge(before: string, going: () => boolean): Promise<number> {
    let purged = 0;
    while (going()) {
      const rows = await this.ports.uow.transaction(() => this.ports.sweeps.purge(before, this.chunk));
      if (total(rows) > 0) this.ports.sweepObserver.swept('purge', rows);
      purged += total(rows);
      if (total(rows) < this.chunk) break;
    }
    return purged;
  }
}
