import test, { type ExecutionContext } from 'ava';
import { json } from '../../support/local-http.ts';
import { startProductServer } from '../../support/product-server.ts';
import { generationWorld } from './generation-world.ts';

/** A world whose first generation run has ended, with the workers' hands to play a relaunch through. */
async function endedRun(t: ExecutionContext) {
  const product = await startProductServer({
    '/chat': (_request, response) => json(response, 200, { answer: { text: 'Paris' } }),
  });
  t.teardown(() => product.close());
  const world = await generationWorld(`${product.url}/chat`);
  const { useCases, a, mine, jobQueue } = world;
  const first = await useCases.launchInferenceGeneration.execute(a.owner, { versionId: mine.version.id });
  await world.generate();
  await world.score();
  /** Relaunches the first run and works it off as the launch, generation and scoring workers would. */
  const relaunch = async (options: { versionId?: string; useCurrentTestCases?: boolean }) => {
    const run = await useCases.relaunchRun.execute(a.owner, first.runId, options);
    await useCases.runLaunches.executeBatch(jobQueue.drainLaunches());
    await world.generate();
    await world.score();
    const ended = await useCases.getRun.execute(a.owner, run.id);
    const sessions = await useCases.listSessions.execute(a.owner, { runIds: [run.id] });
    return { run: ended, launch: ended.launches[0], sessions };
  };
  return { ...world, product, first, relaunch };
}

const testCaseIds = (sessions: readonly { testCaseId: string | null }[]) =>
  sessions.map((session) => session.testCaseId).sort();

test('a relaunch plays the same revisions again, against another version when asked', async (t) => {
  const world = await endedRun(t);
  const { useCases, a, mine } = world;
  const same = await world.relaunch({});
  t.like(same.launch, {
    kind: 'GENERATE_INFERENCES',
    status: 'COMPLETED',
    progress: { testCases: 2, sessionsDone: 2 },
  });
  t.deepEqual(testCaseIds(same.sessions), testCaseIds(mine.testCases.map((testCase) => ({ testCaseId: testCase.id }))));
  const v2 = await useCases.createVersion.execute(a.owner, {
    productId: mine.product.id,
    conversationEndpointConnectionId: mine.connection.id,
  });
  const elsewhere = await world.relaunch({ versionId: v2.id });
  t.like(elsewhere.run, { status: 'COMPLETED', versionId: v2.id });
  t.like(elsewhere.launch, { status: 'COMPLETED', request: { versionId: v2.id } });
  t.true(elsewhere.sessions.every((session) => session.versionId === v2.id));
  t.is(world.product.requests.length, 6, 'two calls per run');
});

test('with useCurrentTestCases a relaunch plays the current revision of each test case', async (t) => {
  const world = await endedRun(t);
  const { useCases, a, mine } = world;
  const revised = await useCases.updateTestCase.execute(a.owner, mine.testCases[0].id, {
    input: { user_message: 'Capital of France, again?' },
  });
  t.not(revised.id, mine.testCases[0].id, 'a change is a new revision');
  const heads = await world.relaunch({ useCurrentTestCases: true });
  t.like(heads.launch, { status: 'COMPLETED', request: { useCurrentTestCases: true } });
  t.deepEqual(
    testCaseIds(heads.sessions),
    testCaseIds([{ testCaseId: revised.id }, { testCaseId: mine.testCases[1].id }]),
  );
  t.true(world.product.requests.some((request) => request.body.includes('Capital of France, again?')));
});

test('a relaunch onto a version without a live connection ends FAILED, saying why, and plays nothing', async (t) => {
  const world = await endedRun(t);
  const { useCases, a, mine } = world;
  const bare = await useCases.createVersion.execute(a.owner, { productId: mine.product.id });
  const calls = world.product.requests.length;
  const failed = await world.relaunch({ versionId: bare.id });
  t.like(failed.launch, { status: 'FAILED' });
  t.regex(failed.launch.error ?? '', /no live conversation endpoint connection/);
  t.deepEqual(failed.sessions, []);
  t.is(world.product.requests.length, calls);
});

test("a relaunch refuses another product's version, and another organization's", async (t) => {
  const world = await endedRun(t);
  const { useCases, a, first, theirs } = world;
  const other = await useCases.createProduct.execute(a.owner, { name: 'Other product' });
  const foreign = await useCases.createVersion.execute(a.owner, { productId: other.id });
  await t.throwsAsync(useCases.relaunchRun.execute(a.owner, first.runId, { versionId: foreign.id }), {
    code: 'invalid_input',
    message: /not a version of the run's product/,
  });
  await t.throwsAsync(useCases.relaunchRun.execute(a.owner, first.runId, { versionId: theirs.version.id }), {
    code: 'not_found',
  });
  t.is((await useCases.listRuns.execute(a.owner, {})).length, 1, 'no run was opened');
});
