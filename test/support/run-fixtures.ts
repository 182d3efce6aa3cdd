import type { ApiClient } from './api-client.ts';

/** Polls a run until `done` holds for it (its launches included); answers it. */
export async function runUntil(
  client: ApiClient,
  runId: string,
  done: (run: any) => boolean,
  timeoutMs = 20_000,
): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await client.get(`/runs/${runId}`);
    if (response.status !== 200) throw new Error(`run: ${response.status} ${JSON.stringify(response.body)}`);
    if (done(response.body)) return response.body;
    if (Date.now() > deadline) throw new Error(`run ${runId} did not settle: ${JSON.stringify(response.body)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls a run until it has ended (no longer RUNNING). */
export const runEnded = (client: ApiClient, runId: string) =>
  runUntil(client, runId, (run) => run.status !== 'RUNNING');

/** Polls a run until none of its launches is QUEUED or RUNNING. */
export const launchesEnded = (client: ApiClient, runId: string) =>
  runUntil(client, runId, (run) =>
    run.launches.every((launch: { status: string }) => launch.status !== 'QUEUED' && launch.status !== 'RUNNING'),
  );

/** Opens a run for a product (with a version or a custom id if given): POST /runs; answers the run created. */
export async function openRun(
  client: ApiClient,
  fields: { productId: string; versionId?: string; customId?: string },
): Promise<any> {
  const response = await client.post('/runs', fields);
  if (response.status !== 201) throw new Error(`run: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body;
}

/** Launches the evaluation of one session (POST /evaluations/fromSession); answers the response as it came. */
export const evaluateSession = (client: ApiClient, body: Record<string, unknown>) =>
  client.post('/evaluations/fromSession', body);

/** Launches the evaluation of several sessions (POST /evaluations/fromSessions); answers the response as it came. */
export const evaluateSessions = (client: ApiClient, body: Record<string, unknown>) =>
  client.post('/evaluations/fromSessions', body);
