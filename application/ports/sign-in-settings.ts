/** Sign-in policy. */
export interface SignInSettings {
  /** Hours a session key from sign-in stays valid. */
  readonly sessionKeyTtlHours: number;
}
