import type { AssayClient, Schemas } from '../client/assay-client.ts';

/** A session that could not be generated or scored, and why (the launch item's error, the session's). */
export interface FailedSession {
  readonly sessionId: string;
  readonly testCaseId: string | null;
  readonly error: string;
}

/** What a launch left to gate on: its evaluations, the sessions that failed, and the launch as it ended. */
export interface RunOutcome {
  readonly launch: Schemas['Launch'];
  readonly evaluations: readonly Schemas['Evaluation'][];
  readonly failedSessions: readonly FailedSession[];
  /** Test cases the launch counts as failed that never got a session (their reason is the launch's). */
  readonly failedWithoutSession: number;
}

/**
 * Reads the outcome of the run's launch: every evaluation it created, and every session that failed — the run's
 * FAILED sessions (a generating launch), the given sessions that are FAILED, and those the launch refused to score
 * (`refused`, from the fromSessions report).
 */
export async function readOutcome(
  client: AssayClient,
  runId: string,
  launch: Schemas['Launch'],
  given: { readonly sessionIds?: readonly string[]; readonly refused?: readonly FailedSession[] } = {},
): Promise<RunOutcome> {
  const evaluations: Schemas['Evaluation'][] = [];
  for await (const evaluation of client.listAll('/evaluations', { runIds: [runId] }, 1000))
    evaluations.push(evaluation);
  const failed = new Map<string, FailedSession>();
  const failedSessions = [
    client.listAll('/sessions', { runIds: [runId], statuses: ['FAILED'] }, 1000),
    ...(given.sessionIds?.length
      ? [client.listAll('/sessions', { ids: [...given.sessionIds], statuses: ['FAILED'] }, 1000)]
      : []),
  ];
  for (const sessions of failedSessions)
    for await (const session of sessions)
      failed.set(session.id, {
        sessionId: session.id,
        testCaseId: session.testCaseId,
        error: session.error ?? 'failed (no reason recorded)',
      });
  for (const refusal of given.refused ?? []) if (!failed.has(refusal.sessionId)) failed.set(refusal.sessionId, refusal);
  const failedCount = launch.progress?.sessionsFailed ?? 0;
  return {
    launch,
    evaluations,
    failedSessions: [...failed.values()],
    failedWithoutSession: Math.max(failedCount - failed.size, 0),
  };
}
