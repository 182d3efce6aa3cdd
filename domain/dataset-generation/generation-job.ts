import { IllegalTransition } from '../errors.ts';
import type { DatasetType } from '../dataset/dataset.ts';
import type { GenerationParameters } from './generation-request.ts';

export const GENERATION_JOB_STATES = ['queued', 'active', 'completed', 'failed', 'cancelled'] as const;
export type GenerationJobState = (typeof GENERATION_JOB_STATES)[number];
type GenerationJobEvent = 'start' | 'complete' | 'fail' | 'cancel';

/**
 * A generation job (wire id `job_…`): fills one dataset with test cases written by the generation model. While it is
 * queued or active, `activeDatasetId` holds its dataset, and a unique index on that column keeps a dataset to one
 * such job even when two requests race. `doneCount` counts the test cases written so far.
 */
export interface GenerationJob {
  readonly id: string;
  readonly organizationId: string;
  readonly datasetId: string;
  readonly userId: string;
  readonly kind: DatasetType;
  readonly state: GenerationJobState;
  readonly activeDatasetId: string | null;
  readonly maxTestCases: number;
  readonly languageCode: string;
  readonly parameters: GenerationParameters;
  readonly doneCount: number;
  readonly callCount: number;
  readonly error: string | null;
  readonly startedAt: string | null;
  readonly finishedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** The lifecycle: one table of what each event does in each state; an event a state lacks is refused. */
const TRANSITIONS: Record<GenerationJobState, Partial<Record<GenerationJobEvent, GenerationJobState>>> = {
  queued: { start: 'active', cancel: 'cancelled', fail: 'failed' },
  active: { complete: 'completed', fail: 'failed', cancel: 'cancelled' },
  completed: {},
  failed: {},
  cancelled: { cancel: 'cancelled' },
};

const FINISHED: ReadonlySet<GenerationJobState> = new Set(['completed', 'failed', 'cancelled']);

export const isOpen = (job: Pick<GenerationJob, 'state'>): boolean => !FINISHED.has(job.state);

function transition(job: GenerationJob, event: GenerationJobEvent, at: string): GenerationJob {
  const next = TRANSITIONS[job.state][event];
  if (next === undefined)
    throw new IllegalTransition(job.state, event, `Cannot ${event} a generation job that is ${job.state}`);
  if (next === job.state) return job;
  const finished = FINISHED.has(next);
  return {
    ...job,
    state: next,
    activeDatasetId: finished ? null : job.activeDatasetId,
    startedAt: next === 'active' ? at : job.startedAt,
    finishedAt: finished ? at : job.finishedAt,
  };
}

/** The job a worker takes up; an active one (its worker stopped halfway) is continued as it is. */
export const startJob = (job: GenerationJob, at: string): GenerationJob =>
  job.state === 'active' ? job : transition(job, 'start', at);

/** Stops the job for good: queued or active ones end `cancelled`; a cancelled one stays so; a finished one refuses. */
export const cancelJob = (job: GenerationJob, at: string): GenerationJob => transition(job, 'cancel', at);

/** The job ends with what it wrote; `note` says why it stopped short, when it did (credits ran out). */
export const completeJob = (job: GenerationJob, at: string, note: string | null): GenerationJob => ({
  ...transition(job, 'complete', at),
  error: note,
});

/** The job ends with the reason; the test cases it wrote stay. */
export const failJob = (job: GenerationJob, at: string, reason: string): GenerationJob => ({
  ...transition(job, 'fail', at),
  error: reason,
});

/** What the API shows of the job's outcome: the test cases it wrote, once it ended; null while it runs. */
export const jobResult = (job: GenerationJob): { testCaseCount: number } | null =>
  job.finishedAt === null ? null : { testCaseCount: job.doneCount };
