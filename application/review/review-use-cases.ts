import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { ClaimEvaluation } from './claim-evaluation.ts';
import { CreateUserGroup } from './create-user-group.ts';
import { DeleteUserGroup } from './delete-user-group.ts';
import { GetReviewContext } from './get-review-context.ts';
import { GetUserGroup } from './get-user-group.ts';
import { LinkUserGroup } from './link-user-group.ts';
import { ListUserGroups } from './list-user-groups.ts';
import { ReleaseEvaluation } from './release-evaluation.ts';
import { SubmitHumanScore } from './submit-human-score.ts';
import { UnlinkUserGroup } from './unlink-user-group.ts';
import { UpdateUserGroup } from './update-user-group.ts';

/** Human review's use cases: user groups and their links; claiming, releasing, scoring and reading for review. */
export function createReviewUseCases(ports: Ports, settings: Settings) {
  return {
    listUserGroups: new ListUserGroups(ports),
    getUserGroup: new GetUserGroup(ports),
    createUserGroup: new CreateUserGroup(ports),
    updateUserGroup: new UpdateUserGroup(ports),
    deleteUserGroup: new DeleteUserGroup(ports),
    linkUserGroup: new LinkUserGroup(ports),
    unlinkUserGroup: new UnlinkUserGroup(ports),
    claimEvaluation: new ClaimEvaluation(ports, settings),
    releaseEvaluation: new ReleaseEvaluation(ports),
    submitHumanScore: new SubmitHumanScore(ports, settings),
    getReviewContext: new GetReviewContext(ports),
  };
}
