import test from 'ava';
import type { Ports } from '../../../application/ports/ports.ts';
import { createUseCases } from '../../../application/use-cases.ts';
import type { InferenceGenerationItem } from '../../../domain/inference-generation/inference-generation-item.ts';
import { json } from '../../support/local-http.ts';
import { ProvokedFailure } from '../../support/memory-world.ts';
import { type ProductServer, startProductServer } from '../../support/product-server.ts';
import { generationWorld } from './generation-world.ts';

/** How many test cases the launch plays at once. */
const CASES = 6;

/** A product that holds every answer until all the launch's calls have arrived, then answers them together. */
async function productAnsweringTogether(): Promise<ProductServer> {
  const held: (() => void)[] = [];
  return startProductServer({
    '/chat': (_request, response) => {
      held.push(() => json(response, 200, { answer: { text: 'Paris' } }));
      if (held.length % CASES === 0) for (const answer of held.splice(0)) answer();
    },
  });
}

/**
 * The ports with generation items read as slowly as from a database across a network (the memory store answers at
 * once, so a group would commit before the next item's answer is even read): the items ending meanwhile wait and end
 * together in the next group, as they do on a real database.
 */
function slowToRead(ports: Ports): Ports {
  const items = ports.inferenceGenerationItems;
  const require = async (scope: string, id: string) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    return items.require(scope, id);
  };
  return { ...ports, inferenceGenerationItems: Object.assign(Object.create(items), { require }) };
}

/** The ports, except that ending the one item `itemId` fails: a write no retry mends. */
function failingToEnd(ports: Ports, itemId: string): Ports {
  const items = ports.inferenceGenerationItems;
  const update = (item: InferenceGenerationItem) =>
    item.id === itemId && item.status !== 'QUEUED'
      ? Promise.reject(new ProvokedFailure(`ending ${itemId} failed`))
      : items.update(item);
  return { ...ports, inferenceGenerationItems: Object.assign(Object.create(items), { update }) };
}

/** A world whose version's dataset holds CASES test cases, all called at once, launched; answers the launch and its jobs. */
async function launched(t: { teardown: (fn: () => Promise<void>) => void }) {
  const product = await productAnsweringTogether();
  t.teardown(() => product.close());
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine, jobQueue } = world;
  await useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, { maxConcurrency: CASES });
  for (let index = mine.testCases.length; index < CASES; index++)
    await useCases.createTestCase.execute(a.owner, { datasetId: mine.dataset.id, input: `Question ${index}` });
  const report = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  const jobs = jobQueue.generationJobs.splice(0);
  const launchOf = async () =>
    (await useCases.getRun.execute(a.owner, report.runId)).launches.find((launch) => launch.id === report.launchId);
  const sessions = () => useCases.listSessions.execute(a.owner, { runIds: [report.runId], limit: 100 });
  return { ...world, product, report, jobs, launchOf, sessions };
}

test('EndGroup: test cases ending together end in groups, each counted once in its launch’s progress', async (t) => {
  const world = await launched(t);
  const { generateInferences } = createUseCases(slowToRead(world.ports), world.settings);
  await Promise.all(world.jobs.map((job) => generateInferences.executeBatch([job])));
  t.is(world.product.requests.length, CASES);
  const launch = await world.launchOf();
  t.like(launch, { progress: { testCases: CASES, sessionsDone: CASES, sessionsFailed: 0, evaluationsCreated: CASES } });
  t.true((launch?.version ?? CASES) < CASES, `the progress was written once per group: version ${launch?.version}`);
  const sessions = await world.sessions();
  t.is(new Set(sessions.map((session) => session.testCaseId)).size, CASES, 'one session per test case');
  t.is(sessions.length, CASES);
  const evaluations = await world.useCases.listEvaluations.execute(world.a.owner, {
    launchIds: [world.report.launchId],
    limit: 100,
  });
  t.is(evaluations.length, CASES);
});

test('EndGroup: an item that cannot end fails alone; the others end, and its redelivery finishes the launch', async (t) => {
  const world = await launched(t);
  const { ports, useCases, a, jobs } = world;
  const [bad] = jobs;
  const broken = createUseCases(failingToEnd(slowToRead(ports), bad.itemId), world.settings);
  const outcomes = await Promise.allSettled(jobs.map((job) => broken.generateInferences.executeBatch([job])));
  t.deepEqual(
    outcomes.map((outcome) => outcome.status),
    ['rejected', ...Array(CASES - 1).fill('fulfilled')],
  );
  t.true((outcomes[0] as PromiseRejectedResult).reason instanceof ProvokedFailure);
  t.like(await world.launchOf(), { status: 'RUNNING', progress: { sessionsDone: CASES - 1, sessionsFailed: 0 } });
  t.like(await ports.inferenceGenerationItems.require(a.organizationId, bad.itemId), {
    status: 'QUEUED',
    sessionId: null,
  });
  t.is((await world.sessions()).length, CASES - 1, 'the failed end left no session behind');
  // Delivered again to a healthy worker, whose product answers this one call at once.
  const healthy = await startProductServer({
    '/chat': (_request, response) => json(response, 200, { answer: { text: 'Paris' } }),
  });
  t.teardown(() => healthy.close());
  await useCases.updateEndpointConnection.execute(a.owner, world.mine.connection.id, { url: `${healthy.url}/chat` });
  await useCases.generateInferences.executeBatch([bad]);
  await world.score();
  t.like(await world.launchOf(), {
    status: 'COMPLETED',
    progress: { sessionsDone: CASES, sessionsFailed: 0, evaluationsCreated: CASES },
  });
  t.is((await world.sessions()).length, CASES);
});
