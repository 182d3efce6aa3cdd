import type { Actor } from '../../../domain/identity/role.ts';
import { catalogOf } from '../../support/memory-catalog.ts';
import { connectionOf } from '../../support/memory-connections.ts';
import { memoryTenantsWith, type MemoryTenants } from '../../support/memory-tenants.ts';

type UseCases = MemoryTenants['useCases'];

/**
 * One organization's catalog (an exact-match metric, a dataset of two test cases expecting "Paris" and "Lima") and
 * a version whose conversation endpoint connection calls `url`.
 */
async function generationOf(useCases: UseCases, actor: Actor, label: string, url: string) {
  const catalog = await catalogOf(useCases, actor, label);
  const { connection } = await connectionOf(useCases, actor, label, url);
  const version = await useCases.createVersion.execute(actor, {
    productId: catalog.product.id,
    conversationEndpointConnectionId: connection.id,
  });
  const peru = await useCases.createTestCase.execute(actor, {
    datasetId: catalog.dataset.id,
    input: { user_message: 'Capital of Peru?' },
    expectedOutput: 'Lima',
  });
  return { ...catalog, connection, version, testCases: [catalog.testCase, peru] };
}

export type Generation = Awaited<ReturnType<typeof generationOf>>;

/**
 * Two tenants, each with a version to generate inferences from (`mine` for A, `theirs` for B), and the workers' hands:
 * `generate` plays every generation job queued so far, `score` scores every evaluation job.
 */
export async function generationWorld(url: string) {
  const world = await memoryTenantsWith((useCases, actor, label) => generationOf(useCases, actor, label, url));
  const { useCases, jobQueue } = world;
  const generate = async () => {
    for (let jobs = jobQueue.generationJobs.splice(0); jobs.length > 0; jobs = jobQueue.generationJobs.splice(0))
      await useCases.generateInferences.executeBatch(jobs);
  };
  const score = async () => {
    for (let jobs = jobQueue.drain(); jobs.length > 0; jobs = jobQueue.drain())
      await useCases.scoreEvaluation.executeBatch(jobs);
  };
  return { ...world, generate, score };
}

export type GenerationWorld = Awaited<ReturnType<typeof generationWorld>>;
