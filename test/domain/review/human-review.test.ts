import test from 'ava';
import { Forbidden, IllegalTransition, InvalidInput } from '../../../domain/errors.ts';
import { createEvaluation, effectiveScore, type Evaluation } from '../../../domain/evaluation/evaluation.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import {
  awaitsHuman,
  claimEvaluation,
  isClaimLive,
  releaseClaim,
  submitHumanScore,
} from '../../../domain/review/human-review.ts';

const T0 = '2026-03-01T10:00:00.000Z';
const at = (minutes: number) => new Date(Date.parse(T0) + minutes * 60_000).toISOString();
const clock = (minutes: number) => ({ now: at(minutes), claimTtlMinutes: 30 });

const base = createEvaluation(
  {
    id: 'evaluation_1',
    organizationId: 'organization_1',
    metricId: 'metric_1',
    sessionId: 'session_1',
    userId: 'user_creator',
    testCaseId: null,
    inferenceResultId: null,
    runId: 'run_1',
    launchId: 'launch_1',
    versionId: 'version_1',
    metricLegacyAt: null,
    metricDisabledAt: null,
  },
  T0,
);
const awaiting: Evaluation = { ...base, status: 'PENDING_HUMAN' };
const automatic: Evaluation = { ...base, status: 'SUCCESS', score: 0.9, reason: 'judge', evaluatedAt: T0 };
const claimedBy = (userId: string, minutes: number, evaluation = awaiting): Evaluation => ({
  ...evaluation,
  humanEvaluatorId: userId,
  humanEvaluatorStartedAt: at(minutes),
});
const member = (userId: string): Actor => ({
  userId,
  organizationId: 'organization_1',
  role: 'MEMBER',
  apiKeyId: null,
});
const owner: Actor = { userId: 'user_owner', organizationId: 'organization_1', role: 'OWNER', apiKeyId: null };

test('rule 1: PENDING_HUMAN and automatically scored SUCCESS await a human; nothing else does', (t) => {
  const table: [string, Evaluation, boolean][] = [
    ['PENDING_HUMAN', awaiting, true],
    ['SUCCESS scored automatically', automatic, true],
    ['SUCCESS scored by a human', { ...automatic, humanScore: 0.5 }, false],
    ['PENDING', base, false],
    ['FAILED', { ...base, status: 'FAILED' }, false],
    ['SKIPPED', { ...base, status: 'SKIPPED' }, false],
  ];
  for (const [name, evaluation, expected] of table) t.is(awaitsHuman(evaluation), expected, name);
  for (const [name, evaluation, expected] of table) {
    if (expected) continue;
    t.throws(() => claimEvaluation(evaluation, 'user_a', clock(0)), { instanceOf: IllegalTransition }, name);
  }
});

const claims: { rule: string; evaluation: Evaluation; minutes: number; outcome: 'claimed' | 'refused' }[] = [
  { rule: '2: a free evaluation is claimed', evaluation: awaiting, minutes: 0, outcome: 'claimed' },
  { rule: '2: a live claim of another refuses', evaluation: claimedBy('user_b', 0), minutes: 29, outcome: 'refused' },
  { rule: '2: one’s own claim is renewed', evaluation: claimedBy('user_a', 0), minutes: 10, outcome: 'claimed' },
  { rule: '3: a claim held the TTL lapses', evaluation: claimedBy('user_b', 0), minutes: 30, outcome: 'claimed' },
  { rule: '3: an older claim lapses too', evaluation: claimedBy('user_b', 0), minutes: 90, outcome: 'claimed' },
  { rule: '2: an annotation is claimed like a score', evaluation: automatic, minutes: 0, outcome: 'claimed' },
];
for (const { rule, evaluation, minutes, outcome } of claims) {
  test(`claim rule ${rule}`, (t) => {
    if (outcome === 'refused') {
      const error = t.throws(() => claimEvaluation(evaluation, 'user_a', clock(minutes)), {
        instanceOf: IllegalTransition,
      });
      t.is(
        error?.message,
        `Evaluation evaluation_1 is claimed by user_b since ${at(0)}; the claim lapses after 30 minutes`,
      );
      return;
    }
    const claimed = claimEvaluation(evaluation, 'user_a', clock(minutes));
    t.like(claimed, { humanEvaluatorId: 'user_a', humanEvaluatorStartedAt: at(minutes), status: evaluation.status });
    t.true(isClaimLive(claimed, clock(minutes + 29)));
    t.false(isClaimLive(claimed, clock(minutes + 30)));
  });
}

test('rule 4: the claimant, an OWNER or an ADMIN releases; another MEMBER may not', (t) => {
  const held = claimedBy('user_a', 0);
  t.like(releaseClaim(held, member('user_a')), { humanEvaluatorId: null, humanEvaluatorStartedAt: null });
  t.like(releaseClaim(held, owner), { humanEvaluatorId: null });
  t.like(releaseClaim(held, { ...owner, role: 'ADMIN' }), { humanEvaluatorId: null });
  t.throws(() => releaseClaim(held, member('user_b')), { instanceOf: Forbidden });
  t.is(releaseClaim(awaiting, member('user_b')), awaiting, 'nothing to release: unchanged');
  t.throws(() => releaseClaim({ ...claimedBy('user_a', 0), humanScore: 1 }, owner), {
    instanceOf: IllegalTransition,
    message: /already scored by a human/,
  });
});

test('rule 5: a PENDING_HUMAN submission becomes SUCCESS with the human score; an annotation keeps the automatic one', (t) => {
  const scored = submitHumanScore(awaiting, 'user_a', { score: 0.25, reason: 'curt' }, clock(5));
  t.like(scored, {
    status: 'SUCCESS',
    score: 0.25,
    reason: 'curt',
    humanScore: 0.25,
    humanReason: 'curt',
    humanEvaluatorId: 'user_a',
    humanEvaluatorStartedAt: at(5),
    evaluatedAt: at(5),
    canRetry: false,
    creditsUsed: 0,
  });
  const afterClaim = submitHumanScore(claimedBy('user_a', 1), 'user_a', { score: 1 }, clock(5));
  t.like(
    afterClaim,
    { humanEvaluatorStartedAt: at(1), reason: null, humanReason: null },
    'the review began at the claim',
  );
  const annotated = submitHumanScore(automatic, 'user_a', { score: 0.1, reason: 'wrong' }, clock(5));
  t.like(annotated, { status: 'SUCCESS', score: 0.9, reason: 'judge', evaluatedAt: T0, humanScore: 0.1 });
  t.is(effectiveScore(annotated), 0.1, 'summaries prefer the human score');
  t.is(effectiveScore(automatic), 0.9, 'else the automatic one');
  t.is(effectiveScore(base), null);
  t.throws(() => submitHumanScore(claimedBy('user_b', 0), 'user_a', { score: 1 }, clock(1)), {
    instanceOf: IllegalTransition,
  });
  t.throws(() => submitHumanScore(scored, 'user_a', { score: 1 }, clock(6)), { instanceOf: IllegalTransition });
});

test('rule 5: the score is a number from 0 to 1, named `score` when it is not', (t) => {
  for (const score of [-0.01, 1.01, Number.NaN, Number.POSITIVE_INFINITY, '0.5' as never, null as never]) {
    const error = t.throws(() => submitHumanScore(awaiting, 'user_a', { score }, clock(0)), {
      instanceOf: InvalidInput,
    });
    t.deepEqual(
      error?.issues.map((issue) => issue.path),
      ['score'],
      String(score),
    );
  }
  for (const score of [0, 1, 0.5]) t.is(submitHumanScore(awaiting, 'user_a', { score }, clock(0)).score, score);
});
