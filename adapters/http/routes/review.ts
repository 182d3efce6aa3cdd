import type { UseCases } from '../../../application/use-cases.ts';
import type { RouteSpec } from '../route-spec.ts';
import { evaluation } from '../schemas/evaluation.ts';
import { humanScoreBody, reviewContext } from '../schemas/review.ts';
import { recordRoute } from './resource-routes.ts';

const tag = 'Evaluations';

const reviewers =
  'Reviewers: OWNER and ADMIN always; a MEMBER in a user group linked to the metric that covers the ' +
  "session's product. Anyone else: 403.";

/** Human review of one evaluation: reading it for review, claiming, releasing, scoring. */
export function reviewRoutes(useCases: UseCases): RouteSpec[] {
  return [
    recordRoute({
      method: 'get',
      path: '/evaluations/:id/context',
      tag,
      summary: 'What a reviewer needs to score an evaluation, in one call',
      description:
        'The evaluation; its metric with the scoring guideline (the judgePrompt); the session with its turns ' +
        '(input, output, retrieval context, a summary of their spans); the test case. ' +
        reviewers,
      response: reviewContext,
      errors: [403, 404],
      run: (actor, id) => useCases.getReviewContext.execute(actor, id),
    }),
    recordRoute({
      method: 'post',
      path: '/evaluations/:id/claim',
      tag,
      summary: 'Claim an evaluation for review; answers it with humanEvaluatorId and humanEvaluatorStartedAt',
      description:
        'One claimant at a time: a claim of someone else answers 409 naming since when, until it is ' +
        'REVIEW_CLAIM_TTL_MINUTES old, when it may be taken over. Claiming one’s own claim again renews it. ' +
        'Only PENDING_HUMAN evaluations and automatically scored SUCCESS ones without a human score (409 ' +
        'otherwise). ' +
        reviewers,
      response: evaluation,
      errors: [403, 404, 409],
      run: (actor, id) => useCases.claimEvaluation.execute(actor, id),
    }),
    recordRoute({
      method: 'delete',
      path: '/evaluations/:id/claim',
      tag,
      summary: 'Release a claim; answers the evaluation with both claim fields null',
      description:
        'The claimant, an OWNER or an ADMIN may release it (403 for other reviewers); an unclaimed evaluation ' +
        'is answered unchanged. A scored evaluation keeps its reviewer (409).',
      response: evaluation,
      errors: [403, 404, 409],
      run: (actor, id) => useCases.releaseEvaluation.execute(actor, id),
    }),
    recordRoute({
      method: 'post',
      path: '/evaluations/:id/submit',
      tag,
      summary: 'Submit a human score (0 to 1) and an optional reason; answers the evaluation',
      description:
        'PENDING_HUMAN becomes SUCCESS with the score and reason (also kept as humanScore and humanReason), ' +
        'evaluatedAt and the reviewer. On a SUCCESS evaluation scored automatically, the human score is recorded ' +
        'beside the automatic one (humanScore, humanReason); summaries prefer it. Without a claim the submission ' +
        'claims first; a live claim of another reviewer answers 409, as does any other status or an evaluation ' +
        'a human already scored. ' +
        reviewers,
      body: humanScoreBody,
      response: evaluation,
      errors: [403, 404, 409],
      run: (actor, id, body) => useCases.submitHumanScore.execute(actor, id, body),
    }),
  ];
}
