import type { Plan } from '../../domain/organization/subscription.ts';

/** Checks the marketplace's bearer token: Unauthorized when missing or invalid, Unavailable when keys are out of reach. */
export interface MarketplaceTokens {
  verify(bearerToken: string | null): Promise<void>;
}

/** How marketplace notices map onto the platform. */
export interface MarketplaceSettings {
  /** Marketplace plan ids and the plan each stands for; ChangePlan to any other is declined. */
  readonly plans: ReadonlyMap<string, Plan>;
  /** Subscription credits a Renew refreshes the organization to. */
  readonly renewalCredits: number;
}
