import test from 'ava';
import type { NewMetric } from '../../../domain/catalog/metric.ts';
import type { CreditBalance } from '../../../domain/evaluation/credits.ts';
import type { Evaluation, Verdict } from '../../../domain/evaluation/evaluation.ts';
import { COST, JUDGE, balanceOf, full, launchAndScore, scored, world } from './scoring-world.ts';

/** What scoring decides for each kind of metric and verdict, and what it charges. */
const charging: {
  rule: string;
  metric?: NewMetric;
  judge?: Verdict | 'unconfigured';
  balance?: CreditBalance;
  imported?: boolean;
  deleteMetricFirst?: boolean;
  expected: Partial<Evaluation>;
  balanceAfter: CreditBalance;
}[] = [
  {
    rule: 'an LLM-judge score costs the configured credits',
    expected: { status: 'SUCCESS', score: 0.8, creditsUsed: COST, canRetry: false },
    balanceAfter: { remainingSubscriptionCredits: 48, extraCredits: 0 },
  },
  {
    rule: 'credits come from the subscription first, then from extra credits',
    balance: { remainingSubscriptionCredits: 1, extraCredits: 5 },
    expected: { status: 'SUCCESS', creditsUsed: COST },
    balanceAfter: { remainingSubscriptionCredits: 0, extraCredits: 4 },
  },
  {
    rule: 'without a subscription allowance, extra credits pay',
    balance: { remainingSubscriptionCredits: null, extraCredits: 3 },
    expected: { status: 'SUCCESS', creditsUsed: COST },
    balanceAfter: { remainingSubscriptionCredits: null, extraCredits: 1 },
  },
  {
    rule: 'a balance of exactly the cost is enough',
    balance: { remainingSubscriptionCredits: 0, extraCredits: COST },
    expected: { status: 'SUCCESS', creditsUsed: COST },
    balanceAfter: { remainingSubscriptionCredits: 0, extraCredits: 0 },
  },
  {
    rule: 'a balance below the cost skips it, free and retryable',
    balance: { remainingSubscriptionCredits: 1, extraCredits: 0 },
    expected: { status: 'SKIPPED', creditsUsed: 0, canRetry: true, score: null },
    balanceAfter: { remainingSubscriptionCredits: 1, extraCredits: 0 },
  },
  {
    rule: 'a failed judgement is free and retryable',
    judge: { kind: 'failed', error: 'model timed out', canRetry: true },
    expected: { status: 'FAILED', creditsUsed: 0, canRetry: true, error: 'model timed out' },
    balanceAfter: full,
  },
  {
    rule: 'a score outside 0..1 is a free, retryable failure',
    judge: { kind: 'scored', score: 1.5, reason: 'generous' },
    expected: { status: 'FAILED', creditsUsed: 0, canRetry: true, score: null },
    balanceAfter: full,
  },
  {
    rule: 'no judge model configured: skipped and free, even with no credits',
    judge: 'unconfigured',
    balance: { remainingSubscriptionCredits: 0, extraCredits: 0 },
    expected: { status: 'SKIPPED', creditsUsed: 0, canRetry: true },
    balanceAfter: { remainingSubscriptionCredits: 0, extraCredits: 0 },
  },
  {
    rule: 'an input the judge needs is missing: skipped for good, free',
    metric: { ...JUDGE, evaluationParams: ['input', 'actualOutput', 'expectedOutput'] },
    imported: true,
    expected: { status: 'SKIPPED', creditsUsed: 0, canRetry: false },
    balanceAfter: full,
  },
  {
    rule: 'a DETERMINISTIC metric is free, even with no credits',
    metric: { source: 'DETERMINISTIC', algorithm: 'EXACT_MATCH' },
    balance: { remainingSubscriptionCredits: 0, extraCredits: 0 },
    expected: { status: 'SUCCESS', score: 1, creditsUsed: 0 },
    balanceAfter: { remainingSubscriptionCredits: 0, extraCredits: 0 },
  },
  {
    rule: 'a HUMAN metric waits for a person, free',
    metric: { source: 'HUMAN' },
    expected: { status: 'PENDING_HUMAN', creditsUsed: null },
    balanceAfter: full,
  },
  {
    rule: 'a SELF_HOSTED metric sent without its score is skipped for good',
    metric: { source: 'SELF_HOSTED' },
    expected: { status: 'SKIPPED', creditsUsed: 0, canRetry: false },
    balanceAfter: full,
  },
  {
    rule: 'a metric deleted after the launch: skipped for good, free',
    deleteMetricFirst: true,
    expected: { status: 'SKIPPED', creditsUsed: 0, canRetry: false },
    balanceAfter: full,
  },
];

for (const { rule, metric, judge, balance, imported, deleteMetricFirst, expected, balanceAfter } of charging) {
  test(`charging: ${rule}`, async (t) => {
    const built = await world(judge ?? scored, balance ?? full);
    const evaluation = await launchAndScore(built, metric ?? JUDGE, {
      imported,
      beforeScoring: deleteMetricFirst
        ? (metricId) => built.useCases.deleteMetric.execute(built.a.owner, metricId)
        : undefined,
    });
    t.like(evaluation, expected);
    t.deepEqual(await balanceOf(built), balanceAfter);
  });
}
