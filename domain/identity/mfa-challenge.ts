/** An e-mailed sign-in code awaiting verification; the code itself is stored only as a hash. */
export interface MfaChallenge {
  readonly id: string;
  readonly organizationId: string;
  readonly userId: string;
  readonly codeHash: string;
  readonly expiresAt: string;
  readonly failedAttempts: number;
  readonly usedAt: string | null;
  readonly createdAt: string;
  readonly deletedAt: string | null;
  readonly version: number;
}

/** Codes live 10 minutes; a challenge dies after 5 wrong codes, and the right code no longer works then. */
export const MFA_CODE_TTL_MS = 10 * 60_000;
export const MFA_MAX_FAILED_ATTEMPTS = 5;

/** Whether a code may still be tried against the challenge at `now`. */
export const isOpen = (challenge: MfaChallenge, now: string): boolean =>
  challenge.usedAt === null &&
  challenge.failedAttempts < MFA_MAX_FAILED_ATTEMPTS &&
  Date.parse(challenge.expiresAt) > Date.parse(now);

/** The challenge after one attempt: used when the code matched, one failure more otherwise. */
export const afterAttempt = (challenge: MfaChallenge, matched: boolean, now: string): MfaChallenge =>
  matched ? { ...challenge, usedAt: now } : { ...challenge, failedAttempts: challenge.failedAttempts + 1 };

/** Whether sign-in needs an e-mailed code: the user turned MFA on, or the organization enforces it. */
export const needsMfa = (user: { mfaSource: string | null }, organization: { enforceMfa: boolean }): boolean =>
  user.mfaSource !== null || organization.enforceMfa;
