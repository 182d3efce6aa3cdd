import test, { type ExecutionContext } from 'ava';
import { createSimulator } from '../../../adapters/simulator/openai-chat-simulator.ts';
import type { ConversationSimulator } from '../../../application/ports/conversation-simulator.ts';
import { createUseCases } from '../../../application/use-cases.ts';
import { type ProductServer, startProductServer } from '../../support/product-server.ts';
import { startSimulatorServer, stopsAfter } from '../../support/simulator-server.ts';
import { generationWorld } from './generation-world.ts';

/** A product echoing each message (its `/echo`), for this test alone. */
async function echoingProduct(t: ExecutionContext): Promise<ProductServer> {
  const product = await startProductServer();
  t.teardown(() => product.close());
  return product;
}

/**
 * A generation world whose specification also links a SCENARIOS dataset of one scenario (with its first message when
 * given), played with `simulator`; answers the use cases over it and the launch of that dataset alone.
 */
async function scenarioLaunch(product: ProductServer, simulator: ConversationSimulator, firstMessage?: string) {
  const world = await generationWorld(`${product.url}/echo`);
  const { a, mine } = world;
  const useCases = createUseCases({ ...world.ports, simulator }, world.settings);
  await useCases.updateEndpointConnection.execute(a.owner, mine.connection.id, {
    outputMapping: { output: '$.answer.text' },
  });
  const dataset = await useCases.createDataset.execute(a.owner, {
    productId: mine.product.id,
    name: 'Conversations',
    type: 'SCENARIOS',
    specificationId: mine.specification.id,
  });
  const testCase = await useCases.createTestCase.execute(a.owner, {
    datasetId: dataset.id,
    input: firstMessage === undefined ? {} : { user_message: firstMessage },
    userPersona: 'A hurried customer',
    goal: 'Get a refund',
    expectedOutput: 'anything',
  });
  const report = await useCases.launchInferenceGeneration.execute(a.owner, {
    versionId: mine.version.id,
    datasetIds: [dataset.id],
  });
  const play = () => useCases.generateInferences.executeBatch(world.jobQueue.generationJobs.splice(0));
  const outcome = async () => {
    const [session] = await useCases.listSessions.execute(a.owner, { runIds: [report.runId] });
    const turns = await useCases.listInferenceResults.execute(a.owner, {
      sessionIds: [session.id],
      sort: [{ field: 'id', direction: 'asc' }],
    });
    const run = await useCases.getRun.execute(a.owner, report.runId);
    return { session, turns, launch: run.launches[0] };
  };
  return { ...world, useCases, testCase, report, play, outcome };
}

test('a scenario is a conversation with the simulated user until it says stop; each turn is recorded', async (t) => {
  const product = await echoingProduct(t);
  const simulator = await startSimulatorServer(stopsAfter(3));
  t.teardown(() => simulator.close());
  const world = await scenarioLaunch(
    product,
    createSimulator({ baseUrl: simulator.url, model: 'sim-model', timeoutMs: 5000 }),
  );
  const credits = async () =>
    (await world.useCases.getCreditStatus.execute(world.a.owner, world.a.organizationId)).availableCredits;
  const before = await credits();
  await world.play();
  const { session, turns, launch } = await world.outcome();
  t.like(session, { testCaseId: world.testCase.id, status: 'COMPLETED', stoppingReason: 'simulator: goal reached' });
  t.deepEqual(
    turns.map((turn) => [turn.input, turn.output]),
    [
      ['user turn 1', 'echo: user turn 1'],
      ['user turn 2', 'echo: user turn 2'],
    ],
  );
  t.is(simulator.requests.length, 3, 'two messages, then stop');
  t.like(launch, { progress: { testCases: 1, sessionsDone: 1, evaluationsCreated: 1 } });
  t.is(before - (await credits()), 3, 'each simulator call takes its credit');
});

test('a scenario with its first message needs no simulator for it; without a simulator the next turn fails it', async (t) => {
  const product = await echoingProduct(t);
  const world = await scenarioLaunch(product, createSimulator({ timeoutMs: 5000 }), 'I want my money back');
  await world.play();
  const { session, turns, launch } = await world.outcome();
  t.deepEqual(
    turns.map((turn) => [turn.input, turn.output]),
    [['I want my money back', 'echo: I want my money back']],
  );
  t.like(session, {
    testCaseId: world.testCase.id,
    status: 'FAILED',
    error: 'No simulator model is configured: set SIMULATOR_BASE_URL and SIMULATOR_MODEL (or JUDGE_*)',
  });
  t.like(launch, {
    status: 'COMPLETED',
    progress: { testCases: 1, sessionsDone: 0, sessionsFailed: 1, evaluationsCreated: 0 },
  });
});
