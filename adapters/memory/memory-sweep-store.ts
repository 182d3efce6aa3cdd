import type { RetentionPolicy, SweepStore, SweptRows } from '../../application/ports/sweep-store.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { PURGE_PLAN, type PurgedRecord, type PurgeStep } from '../../domain/operations/purge-plan.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Session } from '../../domain/tracing/session.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { MemoryRecordStore } from './memory-record-store.ts';

/** What the purge reads of any row: its organization, id, deletion and the fields the plan names. */
type PurgedRow = Storable & { readonly organizationId: string | null; readonly deletedAt: string | null };

/** The memory stores the sweep deletes from: the traced records by type, and every purged record by name. */
export interface MemorySweptStores {
  readonly organizations: MemoryRecordStore<Organization>;
  readonly sessions: MemoryRecordStore<Session>;
  readonly inferenceResults: MemoryRecordStore<InferenceResult>;
  readonly spans: MemoryRecordStore<Span>;
  readonly evaluations: MemoryRecordStore<Evaluation>;
  readonly purged: { readonly [R in PurgedRecord]: MemoryRecordStore<PurgedRow> };
}

/** A row's key across organizations: ids of spans are unique only within one. */
const keyOf = (organizationId: string | null, id: string) => `${organizationId}\u0000${id}`;

/** The key of the row that `row` refers to by `field` (a field the plan names; '' when it holds no id). */
const referenceOf = (row: PurgedRow, field: string): string => {
  const id = (row as unknown as Record<string, unknown>)[field];
  return typeof id === 'string' ? keyOf(row.organizationId, id) : '';
};

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
    const rows: { [R in PurgedRecord]?: number } = {};
    let budget = limit;
    for (const step of PURGE_PLAN) {
      if (budget <= 0) break;
      const deleted = this.purgeStep(step, before, budget);
      if (deleted > 0) rows[step.record] = (rows[step.record] ?? 0) + deleted;
      budget -= deleted;
    }
    return rows;
  }

  /** One step of the plan, as the SQL store runs it: its rows, less those a live row refers to, at most `limit`. */
  private purgeStep({ record, under, keptWhileReferencedBy = [] }: PurgeStep, before: string, limit: number): number {
    const expired = deletedBefore(before);
    const { purged } = this.stores;
    const parents =
      under && new Set(purged[under.record].rowsWhere(expired).map((row) => keyOf(row.organizationId, row.id)));
    const kept = new Set(
      keptWhileReferencedBy.flatMap(({ record: referrer, field, evenDeleted }) =>
        purged[referrer]
          .rowsWhere((row) => evenDeleted || row.deletedAt === null)
          .map((row) => referenceOf(row, field)),
      ),
    );
    const picked = (row: PurgedRow) =>
      (under && parents ? parents.has(referenceOf(row, under.field)) : expired(row)) &&
      !kept.has(keyOf(row.organizationId, row.id));
    return purged[record].removeWhere(picked, limit).length;
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
