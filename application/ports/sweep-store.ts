import type { PurgedRecord } from '../../domain/operations/purge-plan.ts';

/** An organization that keeps its spans for a limited number of days. */
export interface RetentionPolicy {
  readonly organizationId: string;
  readonly traceRetentionDays: number;
}

/** Rows deleted for good, by record (a record without rows deleted may be left out). */
export type SweptRows = { readonly [R in PurgedRecord]?: number };

/**
 * Deletes rows for good, for the retention and purge sweep: each method deletes a bounded number of rows and is
 * meant to run in its own transaction, so a sweep never holds a write lock for long; concurrent sweeps (several
 * workers) take turns chunk by chunk. The only port that reaches across organizations (the sweep is the platform's).
 */
export interface SweepStore {
  /** Every live organization that keeps its spans for a limited number of days. */
  retentionPolicies(): Promise<RetentionPolicy[]>;
  /**
   * Deletes at most `limit` spans of the organization that started before `before` (soft-deleted ones too; a span
   * without a startTime stays); answers how many, and the distinct inference results they were in.
   */
  expireSpans(
    organizationId: string,
    before: string,
    limit: number,
  ): Promise<{ deleted: number; inferenceResultIds: string[] }>;
  /**
   * Deletes those of these inference results of the organization that hold no span any more and that no live
   * evaluation refers to; answers how many, and the distinct sessions they were in.
   */
  dropEmptyInferenceResults(
    organizationId: string,
    ids: readonly string[],
  ): Promise<{ deleted: number; sessionIds: string[] }>;
  /** Deletes those of these sessions of the organization that hold no inference result and no live evaluation refers to; answers how many. */
  dropEmptySessions(organizationId: string, ids: readonly string[]): Promise<number>;
  /**
   * Deletes at most `limit` rows soft-deleted before `before`, with what hangs under them whether deleted or not,
   * step by step as PURGE_PLAN says (children before their parents; a row a live one refers to stays); answers how
   * many of each record. Fewer than `limit` in all means nothing is left to purge.
   */
  purge(before: string, limit: number): Promise<SweptRows>;
}
