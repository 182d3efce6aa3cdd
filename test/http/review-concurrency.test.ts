import test from 'ava';
import { httpDatabases, useWorld } from '../support/http-world.ts';
import { reviewScene } from '../support/review-scene.ts';

const REVIEWERS = 10;

for (const database of await httpDatabases()) {
  const world = useWorld(test, database);

  test(`[${database}] ${REVIEWERS} reviewers claiming one evaluation at once: exactly one wins`, async (t) => {
    const { reviewers, owner, pending } = await reviewScene(world(), { reviewers: REVIEWERS });
    for (let round = 1; round <= 3; round += 1) {
      const evaluation = await pending();
      const answers = await Promise.all(
        reviewers.map((reviewer) => reviewer.client.post(`/evaluations/${evaluation.id}/claim`)),
      );
      const winners = answers.flatMap((answer, index) => (answer.status === 200 ? [reviewers[index].id] : []));
      t.is(winners.length, 1, `round ${round}: ${answers.map((answer) => answer.status).join(' ')}`);
      t.deepEqual(
        answers.filter((answer) => answer.status !== 200).map((answer) => answer.status),
        Array(REVIEWERS - 1).fill(409),
        'the others meet the winner’s claim',
      );
      t.true(answers.every((answer) => answer.status === 200 || answer.body.message.includes(winners[0])));
      t.is((await owner.client.get(`/evaluations/${evaluation.id}`)).body.humanEvaluatorId, winners[0], 'stored');
    }
  });

  test(`[${database}] ${REVIEWERS} reviewers submitting one evaluation at once: exactly one score is kept`, async (t) => {
    const { reviewers, owner, pending } = await reviewScene(world(), { reviewers: REVIEWERS });
    const evaluation = await pending();
    const answers = await Promise.all(
      reviewers.map((reviewer, index) =>
        reviewer.client.post(`/evaluations/${evaluation.id}/submit`, { score: index / 10 }),
      ),
    );
    const accepted = answers.filter((answer) => answer.status === 200);
    t.is(accepted.length, 1, answers.map((answer) => answer.status).join(' '));
    t.true(answers.every((answer) => answer.status === 200 || answer.status === 409));
    const stored = (await owner.client.get(`/evaluations/${evaluation.id}`)).body;
    t.like(stored, {
      status: 'SUCCESS',
      score: accepted[0].body.score,
      humanEvaluatorId: accepted[0].body.humanEvaluatorId,
    });
  });
}
