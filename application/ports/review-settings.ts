/** Deployment choices about human review that use cases apply. */
export interface ReviewSettings {
  /** Minutes a claim on an evaluation holds before another reviewer may take it over. */
  readonly claimTtlMinutes: number;
}
