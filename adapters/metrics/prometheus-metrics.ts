import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { SpanIngestionObserver } from '../../application/ports/span-ingestion-observer.ts';
import type { MonitorObserver } from '../../application/ports/monitor-observer.ts';
import type { SweepObserver } from '../../application/ports/sweep-observer.ts';
import type { SweptRows } from '../../application/ports/sweep-store.ts';
import type { DatabaseHandle } from '../sequelize/support/database.ts';

/** One answered HTTP request, as the metrics see it. */
export interface RequestSample {
  readonly route: string;
  readonly method: string;
  readonly status: number;
  readonly seconds: number;
}

/**
 * The platform's Prometheus metrics (prom-client, a registry per process): requests by route and status, their
 * latency, spans stored and refused by span ingestion (the observer both ingestion use cases tell), rows the retention
 * and purge sweep deleted for good, monitors' evaluations and alerts; on each scrape,
 * evaluations by status, queue depth and database pool use, read from the database.
 */
export class PlatformMetrics implements SpanIngestionObserver, SweepObserver, MonitorObserver {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'assay_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'assay_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern and method',
    labelNames: ['route', 'method'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly spans = new Counter({
    name: 'assay_spans_total',
    help: 'Spans ingested, by outcome (accepted: newly stored, refused)',
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly sweptRows = new Counter({
    name: 'assay_swept_rows_total',
    help: "Rows the sweep deleted for good, by reason (retention: spans past their organization's retention and what they emptied; purge: soft-deleted records) and record",
    labelNames: ['reason', 'record'] as const,
    registers: [this.registry],
  });

  private readonly monitorEvaluations = new Counter({
    name: 'assay_monitor_evaluations_total',
    help: "Monitors' evaluations, by outcome (queued by discovery or a backfill; SUCCESS, FAILED, SKIPPED when scored)",
    labelNames: ['outcome'] as const,
    registers: [this.registry],
  });
  private readonly monitorAlerts = new Counter({
    name: 'assay_monitor_alerts_total',
    help: "Monitors' alert episodes, by transition (opened, recovered)",
    labelNames: ['transition'] as const,
    registers: [this.registry],
  });

  constructor(database: DatabaseHandle | null) {
    if (!database) return;
    const { sequelize } = database;
    const query = async (sql: string) => (await sequelize.query(sql, { type: 'SELECT' })) as Record<string, unknown>[];
    new Gauge({
      name: 'assay_evaluations',
      help: 'Evaluations stored (not deleted), by status',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        const rows = await query(
          'SELECT status, COUNT(*) AS n FROM evaluations WHERE deleted_at IS NULL GROUP BY status',
        );
        for (const row of rows) this.set({ status: String(row.status) }, Number(row.n));
      },
    });
    if (database.dialect === 'postgres')
      new Gauge({
        name: 'assay_queue_depth',
        help: 'Jobs waiting in the queue (created or waiting to retry), by queue',
        labelNames: ['queue'] as const,
        registers: [this.registry],
        async collect() {
          this.reset();
          const rows = await query(
            "SELECT name, COUNT(*) AS n FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name",
          ).catch(() => []);
          for (const row of rows) this.set({ queue: String(row.name) }, Number(row.n));
        },
      });
    const pool = () =>
      (sequelize.connectionManager as unknown as { pool?: { size?: number; using?: number; waiting?: number } }).pool;
    new Gauge({
      name: 'assay_database_pool_connections',
      help: 'Database pool connections, by state (open, in_use, waiting requests)',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const current = pool();
        this.set({ state: 'open' }, current?.size ?? 0);
        this.set({ state: 'in_use' }, current?.using ?? 0);
        this.set({ state: 'waiting' }, current?.waiting ?? 0);
      },
    });
  }

  /** Counts an answered request. */
  observeRequest(sample: RequestSample): void {
    this.requests.inc({ route: sample.route, method: sample.method, status: String(sample.status) });
    this.latency.observe({ route: sample.route, method: sample.method }, sample.seconds);
  }

  /** Counts the spans an ingestion stored (as accepted) and refused. */
  ingested({ stored, refused }: { readonly stored: number; readonly refused: number }): void {
    if (stored > 0) this.spans.inc({ outcome: 'accepted' }, stored);
    if (refused > 0) this.spans.inc({ outcome: 'refused' }, refused);
  }

  /** Counts the rows one chunk of a sweep deleted, by record. */
  swept(reason: 'retention' | 'purge', rows: SweptRows): void {
    for (const [record, count] of Object.entries(rows)) if (count > 0) this.sweptRows.inc({ reason, record }, count);
  }

  /** Counts the evaluations monitors queued. */
  evaluationsQueued(count: number): void {
    if (count > 0) this.monitorEvaluations.inc({ outcome: 'queued' }, count);
  }

  /** Counts monitors' evaluations scored with one outcome. */
  evaluationsScored(status: string, count: number): void {
    if (count > 0) this.monitorEvaluations.inc({ outcome: status }, count);
  }

  /** Counts an alert opened or recovered. */
  alertChanged(transition: 'opened' | 'recovered'): void {
    this.monitorAlerts.inc({ transition });
  }
}
