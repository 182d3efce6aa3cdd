import test from 'ava';
import { databaseWorlds } from '../support/http-world.ts';
import { awaitingHuman, reviewScene, type ReviewScene } from '../support/review-scene.ts';

const queueOf = async (client: any): Promise<string[]> => {
  const response = await client.get('/evaluations', { statuses: 'PENDING_HUMAN', reviewable: 'true', limit: 1000 });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.map((evaluation: { id: string }) => evaluation.id);
};

for (const { world, title } of await databaseWorlds(test)) {
  /** Each test has its own organization, so queues do not mix. */
  const scene = (): Promise<ReviewScene> => reviewScene(world(), { reviewers: 2 });

  test(title('the queue lists oldest first what the caller may review and nobody else claimed'), async (t) => {
    const { reviewers, pending } = await scene();
    const [first, second, third] = [await pending(), await pending(), await pending()];
    t.deepEqual(await queueOf(reviewers[0].client), [first.id, second.id, third.id], 'oldest first');
    await reviewers[1].client.post(`/evaluations/${second.id}/claim`);
    await reviewers[0].client.post(`/evaluations/${third.id}/claim`);
    t.deepEqual(await queueOf(reviewers[0].client), [first.id, third.id], 'claimed by another: gone; own claim kept');
    t.deepEqual(await queueOf(reviewers[1].client), [first.id, second.id]);
    await reviewers[0].client.post(`/evaluations/${first.id}/submit`, { score: 1 });
    t.deepEqual(await queueOf(reviewers[0].client), [third.id], 'scored: gone');
    const sorted = await reviewers[1].client.get('/evaluations', {
      statuses: 'PENDING_HUMAN',
      reviewable: 'true',
      sort: 'createdAt,desc',
    });
    t.deepEqual(
      sorted.body.map((evaluation: { id: string }) => evaluation.id),
      [second.id],
      'an explicit sort wins',
    );
    const everything = await reviewers[1].client.get('/evaluations', { reviewable: 'false', limit: 1000 });
    t.is(everything.body.length, 3, 'reviewable=false filters nothing');
  });

  test(title('a group covers its linked products only, unless allProducts'), async (t) => {
    const { owner, reviewer, group, metric, pending } = await scene();
    const covered = await pending();
    const otherProduct = (await owner.client.post('/products', { name: 'Other bot' })).body;
    const otherVersion = (await owner.client.post('/versions', { productId: otherProduct.id, name: 'v1' })).body;
    const session = (await owner.client.post('/sessions', { versionId: otherVersion.id })).body;
    await owner.client.post('/inferenceResults', { sessionId: session.id, input: 'Hi', output: 'Go away' });
    const [elsewhere] = (
      await owner.client.post('/evaluations/fromSession', { sessionId: session.id, metrics: [{ id: metric.id }] })
    ).body;
    await awaitingHuman(owner.client, elsewhere.id);
    t.deepEqual(await queueOf(reviewer.client), [covered.id]);
    t.deepEqual(await queueOf(owner.client), [covered.id, elsewhere.id], 'an OWNER reviews everything');
    t.is((await reviewer.client.post(`/evaluations/${elsewhere.id}/claim`)).status, 403);

    await owner.client.patch(`/userGroups/${group.id}`, { allProducts: true });
    t.deepEqual(await queueOf(reviewer.client), [covered.id, elsewhere.id], 'allProducts covers every product');
    t.is((await reviewer.client.post(`/evaluations/${elsewhere.id}/claim`)).status, 200);

    await owner.client.patch(`/userGroups/${group.id}`, { allProducts: false });
    await owner.client.post(`/userGroups/${group.id}/products`, { productIds: [otherProduct.id] });
    t.deepEqual(await queueOf(reviewer.client), [covered.id, elsewhere.id], 'or linking the product');
    await owner.client.delete(`/userGroups/${group.id}/metrics`, { metricIds: [metric.id] });
    t.deepEqual(await queueOf(reviewer.client), [], 'a group without the metric grants nothing');
    t.is((await reviewer.client.get(`/evaluations/${covered.id}/context`)).status, 403);
  });

  test(
    title('the context holds the metric guideline, the turns in order with their spans, and the test case'),
    async (t) => {
      const { owner, reviewer, metric, version, product } = await scene();
      const dataset = (await owner.client.post('/tests', { productId: product.id, name: 'Parcel questions' })).body;
      const testCase = (
        await owner.client.post('/testCases', {
          testId: dataset.id,
          input: 'Where is my parcel?',
          expectedOutput: 'A polite answer with the date',
          context: { orderId: 'A-1' },
        })
      ).body;
      const session = (await owner.client.post('/sessions', { versionId: version.id, testCaseId: testCase.id })).body;
      const turns = [];
      for (const [input, output] of [
        ['Hello', 'Hi!'],
        ['Where is my parcel?', 'Tomorrow.'],
      ])
        turns.push(
          (
            await owner.client.post('/inferenceResults', {
              sessionId: session.id,
              input,
              output,
              retrievalContext: ['orders table'],
            })
          ).body,
        );
      await owner.client.post('/traces/batch', {
        traces: [
          { inferenceResultId: turns[1].id, name: 'track', type: 'TOOL' },
          { inferenceResultId: turns[1].id, name: 'lookup', type: 'RETRIEVER', error: 'timeout' },
        ],
      });
      const [evaluation] = (
        await owner.client.post('/evaluations/fromInferenceResult', {
          inferenceResultId: turns[1].id,
          metrics: [{ id: metric.id }],
        })
      ).body;
      await awaitingHuman(owner.client, evaluation.id);
      const response = await reviewer.client.get(`/evaluations/${evaluation.id}/context`);
      t.is(response.status, 200);
      const context = response.body;
      t.like(context.evaluation, { id: evaluation.id, status: 'PENDING_HUMAN' });
      t.deepEqual(context.metric, {
        id: metric.id,
        name: 'Politeness',
        description: null,
        source: 'HUMAN',
        guideline: metric.judgePrompt,
      });
      t.like(context.session, { id: session.id, productId: product.id, versionId: version.id });
      t.deepEqual(
        context.turns.map((turn: any) => [turn.input, turn.output, turn.scored, turn.retrievalContext]),
        [
          ['Hello', 'Hi!', false, ['orders table']],
          ['Where is my parcel?', 'Tomorrow.', true, ['orders table']],
        ],
        'every turn, in order; the evaluated one marked',
      );
      t.deepEqual(context.turns[1].spans, { count: 2, errors: 1, types: { TOOL: 1, RETRIEVER: 1 }, tools: ['track'] });
      t.deepEqual(context.turns[0].spans, { count: 0, errors: 0, types: {}, tools: [] });
      t.deepEqual(context.testCase, {
        id: testCase.id,
        input: testCase.input,
        expectedOutput: 'A polite answer with the date',
        context: { orderId: 'A-1' },
        expectedTools: [],
      });
    },
  );
}
