/** What a valid marketplace token says about itself: an id that tells it apart from every other token. */
export interface MarketplaceTokenClaims {
  readonly tokenId: string;
}

/** Checks the marketplace's bearer token: Unauthorized when missing or invalid, Unavailable when keys are out of reach. */
export interface MarketplaceTokens {
  verify(bearerToken: string | null): Promise<MarketplaceTokenClaims>;
}
