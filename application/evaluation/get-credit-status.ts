import { availableCredits } from '../../domain/evaluation/credits.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { adminScope } from '../shared/scope.ts';

export interface CreditStatus {
  readonly organizationId: string;
  readonly remainingSubscriptionCredits: number | null;
  readonly extraCredits: number;
  readonly availableCredits: number;
  readonly llmJudgeEvaluationCost: number;
}

/** GET /organizations/{id}/creditStatus: the balance evaluations draw on (own organization, or any for an ADMIN). */
export class GetCreditStatus {
  constructor(
    private readonly ports: Pick<Ports, 'organizations'>,
    private readonly settings: Pick<Settings, 'llmJudgeCredits'>,
  ) {}

  async execute(actor: Actor, organizationId: string): Promise<CreditStatus> {
    const organization = await this.ports.organizations.require(adminScope(actor), organizationId);
    return {
      organizationId: organization.id,
      remainingSubscriptionCredits: organization.remainingSubscriptionCredits,
      extraCredits: organization.extraCredits,
      availableCredits: availableCredits(organization),
      llmJudgeEvaluationCost: this.settings.llmJudgeCredits,
    };
  }
}
