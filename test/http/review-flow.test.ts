import test from 'ava';
import { settled } from '../support/evaluation-fixtures.ts';
import { databaseWorlds } from '../support/http-world.ts';
import { reviewScene, type Person, type ReviewScene } from '../support/review-scene.ts';

const pathsOf = (response: { body: { issues?: { path: string }[] } }) =>
  (response.body.issues ?? []).map((issue) => issue.path);

/** A reviewer submits a human score with a reason: the answer, and the human fields the evaluation should now carry. */
async function submitHumanScore(reviewer: Person, evaluationId: string, score: number, reason: string) {
  const response = await reviewer.client.post(`/evaluations/${evaluationId}/submit`, { score, reason });
  return { response, human: { humanScore: score, humanReason: reason, humanEvaluatorId: reviewer.id } };
}

for (const { world, title } of await databaseWorlds(test)) {
  let shared: Promise<ReviewScene> | undefined;
  /** Two reviewers in the group (reviewers[0] and reviewers[1]). */
  const scene = () => (shared ??= reviewScene(world(), { reviewers: 2 }));

  test(title('a claim held by someone else is a 409 naming the claimant and since when'), async (t) => {
    const { reviewers, owner, pending } = await scene();
    const evaluation = await pending();
    const path = `/evaluations/${evaluation.id}`;
    const first = await reviewers[0].client.post(`${path}/claim`);
    t.is(first.status, 200);
    t.is(first.body.humanEvaluatorId, reviewers[0].id);
    const again = await reviewers[0].client.post(`${path}/claim`);
    t.is(again.status, 200, 'claiming one’s own claim again renews it');
    t.true(again.body.humanEvaluatorStartedAt >= first.body.humanEvaluatorStartedAt);
    const taken = await reviewers[1].client.post(`${path}/claim`);
    t.is(taken.status, 409);
    t.is(taken.body.error, 'conflict');
    t.true(taken.body.message.includes(reviewers[0].id), taken.body.message);
    t.true(taken.body.message.includes(`since ${again.body.humanEvaluatorStartedAt}`), taken.body.message);
    const submitted = await reviewers[1].client.post(`${path}/submit`, { score: 1 });
    t.is(submitted.status, 409, 'a submission meets the same claim');
    const released = await reviewers[1].client.delete(`${path}/claim`);
    t.is(released.status, 403, 'another reviewer may not release it');
    t.regex(released.body.message, /only they, an OWNER or an ADMIN/);
    const byOwner = await owner.client.delete(`${path}/claim`);
    t.like(byOwner.body, { humanEvaluatorId: null, humanEvaluatorStartedAt: null });
    t.is((await reviewers[1].client.post(`${path}/claim`)).status, 200, 'released: free for the next reviewer');
  });

  test(
    title('submit without a claim claims and scores: PENDING_HUMAN becomes SUCCESS with the reviewer'),
    async (t) => {
      const { reviewer, pending } = await scene();
      const evaluation = await pending();
      const { response, human } = await submitHumanScore(reviewer, evaluation.id, 0.4, 'One curt answer');
      t.is(response.status, 200);
      t.like(response.body, {
        status: 'SUCCESS',
        score: 0.4,
        reason: 'One curt answer',
        ...human,
        error: null,
        creditsUsed: 0,
      });
      t.truthy(response.body.evaluatedAt);
      t.is(response.body.humanEvaluatorStartedAt, response.body.evaluatedAt, 'claimed at the moment it was scored');
      t.deepEqual((await reviewer.client.get(`/evaluations/${evaluation.id}`)).body, response.body, 'stored');
      const again = await reviewer.client.post(`/evaluations/${evaluation.id}/submit`, { score: 1 });
      t.is(again.status, 409, 'a human score is given once');
      t.regex(again.body.message, /already scored by a human/);
      t.is((await reviewer.client.post(`/evaluations/${evaluation.id}/claim`)).status, 409);
      t.is((await reviewer.client.delete(`/evaluations/${evaluation.id}/claim`)).status, 409, 'the reviewer stays');
    },
  );

  test(title('a claim then a submit keeps the time the review started'), async (t) => {
    const { reviewer, pending } = await scene();
    const evaluation = await pending();
    const claimed = await reviewer.client.post(`/evaluations/${evaluation.id}/claim`);
    const scored = await reviewer.client.post(`/evaluations/${evaluation.id}/submit`, { score: 1 });
    t.like(scored.body, {
      status: 'SUCCESS',
      humanEvaluatorStartedAt: claimed.body.humanEvaluatorStartedAt,
      reason: null,
      humanReason: null,
    });
  });

  const badScores: readonly [string, unknown][] = [
    ['above 1', { score: 1.01 }],
    ['below 0', { score: -0.2 }],
    ['missing', { reason: 'No score' }],
    ['a numeric string', { score: '0.5' }],
    ['text', { score: 'good' }],
    ['null', { score: null }],
    ['a boolean', { score: true }],
  ];
  for (const [what, body] of badScores) {
    test(title(`a score that is ${what} is a 400 naming score, and nothing changes`), async (t) => {
      const { reviewer, pending } = await scene();
      const evaluation = await pending();
      const response = await reviewer.client.post(`/evaluations/${evaluation.id}/submit`, body);
      t.is(response.status, 400);
      t.is(response.body.error, 'invalid_input');
      t.deepEqual(pathsOf(response), ['score']);
      t.regex(response.body.message, /score/);
      t.like((await reviewer.client.get(`/evaluations/${evaluation.id}`)).body, {
        status: 'PENDING_HUMAN',
        humanEvaluatorId: null,
      });
    });
  }

  test(title('an automatically scored evaluation takes a human annotation beside its score'), async (t) => {
    const { owner, reviewer, group, pending } = await scene();
    const { session } = await pending();
    const automatic = (
      await owner.client.post('/metrics', {
        name: `Self-scored ${Math.random().toString(36).slice(2, 6)}`,
        source: 'SELF_HOSTED',
      })
    ).body;
    await owner.client.post(`/userGroups/${group.id}/metrics`, { metricIds: [automatic.id] });
    const [scored] = (
      await owner.client.post('/evaluations/fromSession', {
        sessionId: session.id,
        metrics: [{ id: automatic.id, score: 0.9 }],
      })
    ).body;
    t.like(scored, { status: 'SUCCESS', score: 0.9 });
    const { response: annotated, human } = await submitHumanScore(reviewer, scored.id, 0.3, 'Too optimistic');
    t.is(annotated.status, 200);
    t.like(annotated.body, {
      status: 'SUCCESS',
      score: 0.9,
      reason: scored.reason,
      evaluatedAt: scored.evaluatedAt,
      ...human,
    });
    t.is((await reviewer.client.post(`/evaluations/${scored.id}/submit`, { score: 0.5 })).status, 409);
    const summary = (await owner.client.get(`/runs/${scored.runId}/metricSummary`)).body;
    t.like(
      summary.find((entry: { metricId: string }) => entry.metricId === automatic.id),
      { scored: 1, mean: 0.3, min: 0.3, max: 0.3 },
      "the run's summary counts the human score instead of the automatic one",
    );
  });

  test(title('evaluations that are not awaiting a human answer 409 to claim and submit'), async (t) => {
    const { owner, pending } = await scene();
    const { session } = await pending();
    const judged = (
      await owner.client.post('/metrics', {
        name: `Judge ${Math.random().toString(36).slice(2, 6)}`,
        source: 'LLM_JUDGE',
        judgePrompt: 'Is it correct?',
      })
    ).body;
    await owner.client.post('/evaluations/fromSession', { sessionId: session.id, metrics: [{ id: judged.id }] });
    const [skipped] = await settled(owner.client, { sessionIds: [session.id], metricIds: [judged.id] });
    t.is(skipped.status, 'SKIPPED', 'no judge model is configured');
    for (const answer of [
      await owner.client.post(`/evaluations/${skipped.id}/claim`),
      await owner.client.post(`/evaluations/${skipped.id}/submit`, { score: 0.5 }),
    ]) {
      t.is(answer.status, 409);
      t.regex(answer.body.message, /is SKIPPED: only PENDING_HUMAN evaluations/);
    }
  });

  test(title('an unknown evaluation is a 404 for every review route'), async (t) => {
    const { owner } = await scene();
    for (const answer of [
      await owner.client.get('/evaluations/evaluation_missing/context'),
      await owner.client.post('/evaluations/evaluation_missing/claim'),
      await owner.client.delete('/evaluations/evaluation_missing/claim'),
      await owner.client.post('/evaluations/evaluation_missing/submit', { score: 0.5 }),
    ]) {
      t.is(answer.status, 404);
      t.is(answer.body.message, 'Evaluation evaluation_missing not found');
    }
  });
}
