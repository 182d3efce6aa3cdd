import test from 'ava';
import { IllegalTransition } from '../../../domain/errors.ts';
import { accessTable } from '../../support/rule-tables.ts';
import { reviewWorld, type ReviewWorld } from '../../support/memory-review.ts';

const MINUTE = 60_000;
const queue = (world: ReviewWorld, reviewer = world.reviewers[1]) =>
  world.useCases.listEvaluations
    .execute(reviewer, { statuses: ['PENDING_HUMAN'], reviewable: true })
    .then((evaluations) => evaluations.map((evaluation) => evaluation.id));

test('a claim holds REVIEW_CLAIM_TTL_MINUTES; then another reviewer may take it over', async (t) => {
  const world = await reviewWorld();
  const { useCases, clock, reviewers, pending } = world;
  const [rita, raj] = reviewers;
  const claimed = await useCases.claimEvaluation.execute(rita, pending.id);
  t.like(claimed, {
    humanEvaluatorId: rita.userId,
    humanEvaluatorStartedAt: clock.now(),
    version: pending.version + 1,
  });
  t.deepEqual(await queue(world), [], 'held: not in the other reviewer’s queue');
  clock.advance(29 * MINUTE);
  await t.throwsAsync(useCases.claimEvaluation.execute(raj, pending.id), { instanceOf: IllegalTransition });
  await t.throwsAsync(useCases.submitHumanScore.execute(raj, pending.id, { score: 1 }), {
    instanceOf: IllegalTransition,
  });
  clock.advance(MINUTE);
  t.deepEqual(await queue(world), [pending.id], 'lapsed: back in the queue');
  const taken = await useCases.claimEvaluation.execute(raj, pending.id);
  t.like(taken, { humanEvaluatorId: raj.userId, humanEvaluatorStartedAt: clock.now() });
  await t.throwsAsync(useCases.claimEvaluation.execute(rita, pending.id), {
    message: new RegExp(`claimed by ${raj.userId} since ${clock.now()}`),
  });
});

test('the claim lifetime is the deployment’s', async (t) => {
  const { useCases, clock, reviewers, pending } = await reviewWorld({ claimTtlMinutes: 5 });
  await useCases.claimEvaluation.execute(reviewers[0], pending.id);
  clock.advance(5 * MINUTE);
  t.like(await useCases.claimEvaluation.execute(reviewers[1], pending.id), { humanEvaluatorId: reviewers[1].userId });
});

test('a reviewer whose group was removed may still release their own claim, and nothing else', async (t) => {
  const world = await reviewWorld();
  const { useCases, a, reviewers, group, pending } = world;
  await useCases.claimEvaluation.execute(reviewers[0], pending.id);
  await useCases.unlinkUserGroup.execute(a.owner, group.id, { kind: 'user', ids: [reviewers[0].userId] });
  await t.throwsAsync(useCases.getReviewContext.execute(reviewers[0], pending.id), { code: 'forbidden' });
  t.like(await useCases.releaseEvaluation.execute(reviewers[0], pending.id), { humanEvaluatorId: null });
  await t.throwsAsync(useCases.releaseEvaluation.execute(reviewers[0], pending.id), { code: 'forbidden' });
});

accessTable('review access', () => reviewWorld(), [
  {
    rule: 'a reviewer claims',
    act: (world) => world.useCases.claimEvaluation.execute(world.reviewers[0], world.pending.id),
    expected: 'allowed',
  },
  {
    rule: 'a MEMBER in no group may not claim',
    act: (world) => world.useCases.claimEvaluation.execute(world.a.member, world.pending.id),
    expected: 'forbidden',
  },
  {
    rule: 'a MEMBER in no group may not submit',
    act: (world) => world.useCases.submitHumanScore.execute(world.a.member, world.pending.id, { score: 1 }),
    expected: 'forbidden',
  },
  {
    rule: 'a MEMBER in no group may not read the context',
    act: (world) => world.useCases.getReviewContext.execute(world.a.member, world.pending.id),
    expected: 'forbidden',
  },
  {
    rule: 'another organization’s evaluation is unknown, even to its OWNER’s peer',
    act: (world) => world.useCases.claimEvaluation.execute(world.a.owner, world.foreign.id),
    expected: 'not_found',
  },
  {
    rule: 'another reviewer may not release a claim',
    prepare: async (world) => {
      await world.useCases.claimEvaluation.execute(world.reviewers[0], world.pending.id);
    },
    act: (world) => world.useCases.releaseEvaluation.execute(world.reviewers[1], world.pending.id),
    expected: 'forbidden',
  },
  {
    rule: 'an OWNER releases anyone’s claim',
    prepare: async (world) => {
      await world.useCases.claimEvaluation.execute(world.reviewers[0], world.pending.id);
    },
    act: (world) => world.useCases.releaseEvaluation.execute(world.a.owner, world.pending.id),
    expected: 'allowed',
  },
  {
    rule: 'an out-of-range score is invalid input',
    act: (world) => world.useCases.submitHumanScore.execute(world.reviewers[0], world.pending.id, { score: 2 }),
    expected: 'invalid_input',
  },
  {
    rule: 'a second human score is a conflict',
    prepare: async (world) => {
      await world.useCases.submitHumanScore.execute(world.reviewers[0], world.pending.id, { score: 1 });
    },
    act: (world) => world.useCases.submitHumanScore.execute(world.reviewers[1], world.pending.id, { score: 0 }),
    expected: 'conflict',
  },
]);
