import type { Creation } from '../shared/record.ts';

/** A repricing's states, in the words jobs use (`queued`, `active`, `completed`), so it can sit in a jobs list. */
export const REPRICING_STATES = ['queued', 'active', 'completed'] as const;
export type RepricingState = (typeof REPRICING_STATES)[number];

/** Turns a repricing job works through in one delivery: bounded, so a job never holds a worker long. */
export const REPRICING_CHUNK = 500;

/**
 * A job re-pricing earlier turns (`repricing_…`): those priced by a model (`modelId`), or those of a version whose model
 * changed (`versionId`). It works in chunks of turns ordered by id, `afterId` marking where the next one starts.
 */
export interface Repricing {
  readonly id: string;
  readonly organizationId: string;
  readonly modelId: string | null;
  readonly versionId: string | null;
  /** Whether it reprices every organization's turns (a platform-wide model's). */
  readonly allOrganizations: boolean;
  readonly state: RepricingState;
  readonly afterId: string | null;
  readonly repricedCount: number;
  readonly finishedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

export function createRepricing(
  target: { modelId: string; allOrganizations: boolean } | { versionId: string },
  { id, organizationId, now }: Creation,
): Repricing {
  return {
    id,
    organizationId,
    modelId: 'modelId' in target ? target.modelId : null,
    versionId: 'versionId' in target ? target.versionId : null,
    allOrganizations: 'allOrganizations' in target && target.allOrganizations,
    state: 'queued',
    afterId: null,
    repricedCount: 0,
    finishedAt: null,
    createdAt: now,
    deletedAt: null,
    version: 0,
  };
}

/** One chunk done: `lastId` is the last turn it covered, or null when there was nothing left (the job completes). */
export function advanceRepricing(
  job: Repricing,
  chunk: { lastId: string | null; count: number },
  now: string,
): Repricing {
  if (chunk.lastId === null) return { ...job, state: 'completed', finishedAt: now };
  return { ...job, state: 'active', afterId: chunk.lastId, repricedCount: job.repricedCount + chunk.count };
}
