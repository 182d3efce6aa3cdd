import { QueryTypes } from 'sequelize';
import type { PurgedRecord } from '../../domain/operations/purge-plan.ts';
import type { RetentionPolicy, SweepStore, SweptRows } from '../../application/ports/sweep-store.ts';
import { boundValue } from './support/column-values.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';
import { purgeSteps } from './support/purge-steps.ts';

/** The ids bound as one JSON parameter, read back as a one-column set in either dialect. */
const jsonSet = (dialect: string, parameter: string): string =>
  dialect === 'postgres'
    ? `(SELECT json_array_elements_text(${parameter}::json))`
    : `(SELECT value FROM json_each(${parameter}))`;

/**
 * The SQL SweepStore: each deletion is one statement over an index (expired spans by organization and start time,
 * soft-deleted rows by deletion time), bounded by LIMIT. On PostgreSQL a transaction-scoped advisory lock makes
 * concurrent sweeps (several workers) take turns chunk by chunk instead of deadlocking over the same rows.
 */
export class SequelizeSweepStore implements SweepStore {
  constructor(
    private readonly database: DatabaseHandle,
    private readonly context: TransactionContext,
  ) {}

  async retentionPolicies(): Promise<RetentionPolicy[]> {
    const rows = await this.select<{ organizationId: string; days: number | string }>(
      `SELECT id AS "organizationId", trace_retention_days AS days FROM organizations
         WHERE deleted_at IS NULL AND trace_retention_days IS NOT NULL ORDER BY id`,
      [],
    );
    return rows.map((row) => ({ organizationId: row.organizationId, traceRetentionDays: Number(row.days) }));
  }

  async expireSpans(organizationId: string, before: string, limit: number) {
    await this.takeTurn();
    const rows = await this.select<{ inferenceResultId: string }>(
      `DELETE FROM spans WHERE organization_id = $1 AND id IN (
         SELECT id FROM spans WHERE organization_id = $1 AND start_time < $2 LIMIT $3)
       RETURNING inference_result_id AS "inferenceResultId"`,
      [organizationId, this.date(before), limit],
    );
    return { deleted: rows.length, inferenceResultIds: [...new Set(rows.map((row) => row.inferenceResultId))] };
  }

  async dropEmptyInferenceResults(organizationId: string, ids: readonly string[]) {
    if (ids.length === 0) return { deleted: 0, sessionIds: [] };
    await this.takeTurn();
    const rows = await this.select<{ sessionId: string }>(
      `DELETE FROM inference_results WHERE organization_id = $1 AND id IN ${jsonSet(this.database.dialect, '$2')}
         AND NOT EXISTS (SELECT 1 FROM spans s
           WHERE s.organization_id = $1 AND s.inference_result_id = inference_results.id)
         AND NOT EXISTS (SELECT 1 FROM evaluations e
           WHERE e.inference_result_id = inference_results.id AND e.organization_id = $1 AND e.deleted_at IS NULL)
       RETURNING session_id AS "sessionId"`,
      [organizationId, JSON.stringify(ids)],
    );
    return { deleted: rows.length, sessionIds: [...new Set(rows.map((row) => row.sessionId))] };
  }

  async dropEmptySessions(organizationId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    await this.takeTurn();
    const rows = await this.select(
      `DELETE FROM sessions WHERE organization_id = $1 AND id IN ${jsonSet(this.database.dialect, '$2')}
         AND NOT EXISTS (SELECT 1 FROM inference_results r
           WHERE r.organization_id = $1 AND r.session_id = sessions.id)
         AND NOT EXISTS (SELECT 1 FROM evaluations e
           WHERE e.session_id = sessions.id AND e.organization_id = $1 AND e.deleted_at IS NULL)
       RETURNING id`,
      [organizationId, JSON.stringify(ids)],
    );
    return rows.length;
  }

  async purge(before: string, limit: number): Promise<SweptRows> {
    await this.takeTurn();
    const rows: { [R in PurgedRecord]?: number } = {};
    let budget = limit;
    for (const { record, sql } of purgeSteps) {
      if (budget <= 0) break;
      const deleted = (await this.select(sql, [this.date(before), budget])).length;
      if (deleted > 0) rows[record] = (rows[record] ?? 0) + deleted;
      budget -= deleted;
    }
    return rows;
  }

  /** PostgreSQL: waits for any other sweep's chunk to commit (the lock ends with this transaction). */
  private async takeTurn(): Promise<void> {
    if (this.database.dialect !== 'postgres') return;
    await this.select("SELECT pg_advisory_xact_lock(hashtext('assay.sweep'))", []);
  }

  private date(iso: string): unknown {
    return boundValue(this.database.dialect, 'date', iso);
  }

  private async select<T = unknown>(sql: string, bind: unknown[]): Promise<T[]> {
    return (await this.database.sequelize.query(sql, {
      bind,
      type: QueryTypes.SELECT,
      transaction: this.context.current(),
    })) as T[];
  }
}
