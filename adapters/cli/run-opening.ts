import type { AssayClient } from '../client/assay-client.ts';
import { CliError, refusal, required } from './cli-errors.ts';

/** What `assay run` opens its run for. */
export interface RunTarget {
  readonly productId: string;
  readonly versionId: string;
  readonly customId?: string | undefined;
}

/**
 * A run left by an earlier `assay run` that crashed before launching: RUNNING, opened by a caller, of the same version,
 * with no launch. Another run with the custom id (one that launched, or ended) keeps it taken.
 */
async function leftBehind(client: AssayClient, target: RunTarget, customId: string): Promise<string | null> {
  for await (const run of client.listAll('/runs', {
    productIds: [target.productId],
    customIds: [customId],
    statuses: ['RUNNING'],
    openedBy: ['CALLER'],
  })) {
    if (run.versionId !== null && run.versionId !== target.versionId) continue;
    const { launches } = required(
      await client.api.GET('/runs/{id}', { params: { path: { id: run.id } } }),
      'reading the run',
    );
    if (launches.length === 0) return run.id;
  }
  return null;
}

/**
 * The run to launch into: a new one, or, when the custom id is taken by a run an earlier attempt opened and never
 * launched into, that one (a CI job retried after a crash). Answers its id and whether it was reused.
 */
export async function openRun(client: AssayClient, target: RunTarget): Promise<{ id: string; reused: boolean }> {
  const opened = await client.api.POST('/runs', {
    body: {
      productId: target.productId,
      versionId: target.versionId,
      ...(target.customId ? { customId: target.customId } : {}),
    },
  });
  if (opened.data) return { id: opened.data.id, reused: false };
  if (opened.response.status !== 409 || !target.customId) throw new CliError(`opening the run: ${refusal(opened)}`);
  const reusable = await leftBehind(client, target, target.customId);
  if (reusable) return { id: reusable, reused: true };
  throw new CliError(`The custom id ${target.customId} is already taken by a run of this product`);
}

/** Deletes a run whose launch was refused: it holds nothing yet, and its custom id is free again for a retry. */
export async function discardRun(client: AssayClient, runId: string): Promise<string> {
  const deleted = await client.api.DELETE('/runs/{id}', { params: { path: { id: runId } } });
  return deleted.data
    ? `run ${runId} deleted`
    : `run ${runId} could not be deleted (${refusal(deleted)}); delete it with DELETE /runs/${runId}`;
}
