import { IllegalTransition } from '../errors.ts';
import type { Creation } from '../shared/record.ts';

export const GENERATION_ITEM_STATUSES = ['QUEUED', 'RUNNING', 'DONE', 'FAILED', 'SKIPPED'] as const;
export type InferenceGenerationItemStatus = (typeof GENERATION_ITEM_STATUSES)[number];

/**
 * One test case of a generating launch: its job creates one session (named here once created, so a redelivered job
 * continues it instead of making another), calls the product, and has the session scored by `metricIds`.
 */
export interface InferenceGenerationItem {
  readonly id: string;
  readonly organizationId: string;
  readonly launchId: string;
  readonly runId: string;
  readonly versionId: string;
  /** The test case revision this item plays (a relaunch plays the same one, or its current head). */
  readonly testCaseId: string;
  readonly specificationId: string;
  readonly metricIds: readonly string[];
  readonly status: InferenceGenerationItemStatus;
  readonly sessionId: string | null;
  readonly error: string | null;
  readonly finishedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export interface NewInferenceGenerationItem {
  readonly launchId: string;
  readonly runId: string;
  readonly versionId: string;
  readonly testCaseId: string;
  readonly specificationId: string;
  readonly metricIds: readonly string[];
}

export const createInferenceGenerationItem = (
  input: NewInferenceGenerationItem,
  { id, organizationId, now }: Creation,
): InferenceGenerationItem => ({
  id,
  organizationId,
  ...input,
  status: 'QUEUED',
  sessionId: null,
  error: null,
  finishedAt: null,
  createdAt: now,
  deletedAt: null,
  version: 0,
});

/** The item has its session: from now on a retried job continues that session. */
export function claimItem(item: InferenceGenerationItem, sessionId: string): InferenceGenerationItem {
  if (item.status !== 'QUEUED') throw new IllegalTransition(item.status, 'claim');
  return { ...item, status: 'RUNNING', sessionId };
}

/** The item's outcome; only an open item (QUEUED or RUNNING) ends. */
export function endItem(
  item: InferenceGenerationItem,
  status: Extract<InferenceGenerationItemStatus, 'DONE' | 'FAILED' | 'SKIPPED'>,
  error: string | null,
  now: string,
): InferenceGenerationItem {
  if (item.status !== 'QUEUED' && item.status !== 'RUNNING') throw new IllegalTransition(item.status, 'end');
  return { ...item, status, error, finishedAt: now };
}

export const isItemOpen = (item: Pick<InferenceGenerationItem, 'status'>): boolean =>
  item.status === 'QUEUED' || item.status === 'RUNNING';
