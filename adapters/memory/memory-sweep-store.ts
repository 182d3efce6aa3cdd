import type { RetentionPolicy, SweepStore, SweptRows } from '../../application/ports/sweep-store.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { MemoryRecordStore } from './memory-record-store.ts';

/** The memory stores the sweep deletes from. */
export interface MemorySweptStores {
  readonly organizations: MemoryRecordStore<Organization>;
  readonly sessions: MemoryRecordStore<Session>;
  readonly inferenceResults: MemoryRecordStore<InferenceResult>;
  readonly spans: MemoryRecordStore<Span>;
  readonly evaluations: MemoryRecordStore<Evaluation>;
}

type Table = keyof SweptRows;

/** A row's key across organizations: ids of spans are unique only within one. */
const keyOf = (organizationId: string | null, id: string) => `${organizationId}\u0000${id}`;

const deletedBefore = (before: string) => (row: { deletedAt: string | null }) =>
  row.deletedAt !== null && row.deletedAt < before;

/** The reference SweepStore over the memory stores: the same deletions, in the same order, as the SQL one. */
export class MemorySweepStore implements SweepStore {
  constructor(private readonly stores: MemorySweptStores) {}

  async retentionPolicies(): Promise<RetentionPolicy[]> {
    return this.stores.organizations
      .rowsWhere((row) => row.deletedAt === null && row.traceRetentionDays !== null)
      .map((row) => ({ organizationId: row.id, traceRetentionDays: row.traceRetentionDays as number }));
  }

  async expireSpans(organizationId: string, before: string, limit: number) {
    const removed = this.stores.spans.removeWhere(
      (row) => row.organizationId === organizationId && row.startTime !== null && row.startTime < before,
      limit,
    );
    return { deleted: removed.length, inferenceResultIds: [...new Set(removed.map((row) => row.inferenceResultId))] };
  }

  async dropEmptyInferenceResults(organizationId: string, ids: readonly string[]) {
    const wanted = new Set(ids);
    const held = this.referenced(
      this.stores.spans.rowsWhere((row) => row.organizationId === organizationId),
      (row) => (wanted.has(row.inferenceResultId) ? row.inferenceResultId : null),
    );
    const judged = this.liveEvaluations(organizationId, (row) => row.inferenceResultId);
    const removed = this.stores.inferenceResults.removeWhere(
      (row) => row.organizationId === organizationId && wanted.has(row.id) && !held.has(row.id) && !judged.has(row.id),
    );
    return { deleted: removed.length, sessionIds: [...new Set(removed.map((row) => row.sessionId))] };
  }

  async dropEmptySessions(organizationId: string, ids: readonly string[]): Promise<number> {
    const wanted = new Set(ids);
    const held = this.referenced(
      this.stores.inferenceResults.rowsWhere((row) => row.organizationId === organizationId),
      (row) => row.sessionId,
    );
    const judged = this.liveEvaluations(organizationId, (row) => row.sessionId);
    return this.stores.sessions.removeWhere(
      (row) => row.organizationId === organizationId && wanted.has(row.id) && !held.has(row.id) && !judged.has(row.id),
    ).length;
  }

  async purge(before: string, limit: number): Promise<SweptRows> {
    const { sessions, inferenceResults, spans, evaluations } = this.stores;
    const expired = deletedBefore(before);
    const goneSessions = new Set(sessions.rowsWhere(expired).map((row) => keyOf(row.organizationId, row.id)));
    const goneResults = new Set(inferenceResults.rowsWhere(expired).map((row) => keyOf(row.organizationId, row.id)));
    const underSession = (row: { organizationId: string; sessionId: string }) =>
      goneSessions.has(keyOf(row.organizationId, row.sessionId));
    // Children before their parents, as the SQL store does, so an interrupted purge leaves no orphan behind.
    const steps: [Table, (budget: number) => number][] = [
      ['spans', (budget) => spans.removeWhere(underSession, budget).length],
      ['evaluations', (budget) => evaluations.removeWhere(underSession, budget).length],
      ['inferenceResults', (budget) => inferenceResults.removeWhere(underSession, budget).length],
      [
        'spans',
        (budget) =>
          spans.removeWhere((row) => goneResults.has(keyOf(row.organizationId, row.inferenceResultId)), budget).length,
      ],
      ['sessions', (budget) => sessions.removeWhere(expired, budget).length],
      ['inferenceResults', (budget) => inferenceResults.removeWhere(expired, budget).length],
      ['spans', (budget) => spans.removeWhere(expired, budget).length],
      ['evaluations', (budget) => evaluations.removeWhere(expired, budget).length],
    ];
    const rows = { spans: 0, inferenceResults: 0, sessions: 0, evaluations: 0 };
    let budget = limit;
    for (const [table, step] of steps) {
      if (budget <= 0) break;
      const deleted = step(budget);
      rows[table] += deleted;
      budget -= deleted;
    }
    return rows;
  }

  /** The ids `pick` finds in `rows` (null: none). */
  private referenced<T>(rows: readonly T[], pick: (row: T) => string | null): Set<string> {
    return new Set(rows.map(pick).filter((id): id is string => id !== null));
  }

  /** The ids `pick` finds in the organization's live evaluations. */
  private liveEvaluations(organizationId: string, pick: (row: Evaluation) => string | null): Set<string> {
    return this.referenced(
      this.stores.evaluations.rowsWhere((row) => row.organizationId === organizationId && row.deletedAt === null),
      pick,
    );
  }
}
