/** Checks the marketplace's bearer token: Unauthorized when missing or invalid, Unavailable when keys are out of reach. */
export interface MarketplaceTokens {
  verify(bearerToken: string | null): Promise<void>;
}
