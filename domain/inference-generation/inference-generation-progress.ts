/**
 * How far a launch that generates inferences has come: its test cases, the sessions finished (done) or failed, the
 * evaluations it created, and the test cases left out (cancelled, or for want of credits).
 */
export interface InferenceGenerationProgress {
  readonly testCases: number;
  readonly sessionsDone: number;
  readonly sessionsFailed: number;
  readonly evaluationsCreated: number;
  /** Test cases not generated because the launch was cancelled first. */
  readonly skippedCancelled: number;
  /** Test cases not generated because the organization ran out of credits. */
  readonly skippedForCredits: readonly string[];
}

export const startProgress = (testCases: number): InferenceGenerationProgress => ({
  testCases,
  sessionsDone: 0,
  sessionsFailed: 0,
  evaluationsCreated: 0,
  skippedCancelled: 0,
  skippedForCredits: [],
});

/** Every test case has an outcome: the launch's own work is done. */
export const inferenceGenerationDone = (progress: InferenceGenerationProgress): boolean =>
  progress.sessionsDone + progress.sessionsFailed + progress.skippedCancelled + progress.skippedForCredits.length >=
  progress.testCases;

/**
 * A test case of the launch could not be paid: the launch stops generating, and a test case whose job starts from now
 * on is skipped for credits without calling the product (those already calling it finish and are kept).
 */
export const ranOutOfCredits = (progress: InferenceGenerationProgress | null): boolean =>
  (progress?.skippedForCredits.length ?? 0) > 0;

/** What one test case's job came to. */
export type ItemOutcome =
  | { readonly kind: 'done'; readonly evaluationsCreated: number }
  | { readonly kind: 'failed' }
  | { readonly kind: 'cancelled' }
  | { readonly kind: 'noCredits'; readonly testCaseId: string };

export function addOutcome(progress: InferenceGenerationProgress, outcome: ItemOutcome): InferenceGenerationProgress {
  switch (outcome.kind) {
    case 'done':
      return {
        ...progress,
        sessionsDone: progress.sessionsDone + 1,
        evaluationsCreated: progress.evaluationsCreated + outcome.evaluationsCreated,
      };
    case 'failed':
      return { ...progress, sessionsFailed: progress.sessionsFailed + 1 };
    case 'cancelled':
      return { ...progress, skippedCancelled: progress.skippedCancelled + 1 };
    case 'noCredits':
      return { ...progress, skippedForCredits: [...progress.skippedForCredits, outcome.testCaseId] };
  }
}
