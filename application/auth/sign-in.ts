import { Forbidden, RateLimited, Unauthorized, Unavailable } from '../../domain/errors.ts';
import { MFA_CODE_TTL_MS, needsMfa } from '../../domain/identity/mfa-challenge.ts';
import { WRONG_CREDENTIALS } from '../../domain/identity/password.ts';
import type { User } from '../../domain/identity/user.ts';
import { subscriptionBlock } from '../../domain/organization/subscription.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { openSession, type SessionKey } from './session-key.ts';

/** A hash to verify against when the e-mail is unknown, so both failures take the same time. */
const DECOY_HASH =
  'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA==';

export type SignInResult = SessionKey | { readonly mfaRequired: true; readonly challengeId: string };

type NeededPorts = Pick<
  Ports,
  | 'users'
  | 'organizations'
  | 'subscriptions'
  | 'apiKeys'
  | 'mfaChallenges'
  | 'secrets'
  | 'passwords'
  | 'mailer'
  | 'ids'
  | 'clock'
  | 'signInLimiter'
>;

/** The code's hash binds it to its challenge. */
export const codeSecret = (challengeId: string, code: string): string => `${challengeId}:${code}`;

/**
 * E-mail and password → a session key, or, when MFA applies, a challenge whose code goes out by e-mail.
 * A wrong e-mail and a wrong password answer the same 401; attempts per e-mail are limited.
 */
export class SignIn {
  constructor(
    private readonly ports: NeededPorts,
    private readonly settings: Pick<Settings, 'sessionKeyTtlHours'>,
  ) {}

  async execute(input: { email: string; password: string }): Promise<SignInResult> {
    const email = input.email.trim().toLowerCase();
    const attempt = await this.ports.signInLimiter.consume(`signIn:${email}`);
    if (!attempt.allowed)
      throw new RateLimited(
        `Too many sign-in attempts for this e-mail; retry in ${attempt.resetSeconds} s`,
        attempt.resetSeconds,
      );
    const [user] = await this.ports.users.list(null, { where: [{ field: 'email', op: 'eq', value: email }], limit: 1 });
    const matches = await this.ports.passwords.verify(input.password, user?.passwordHash ?? DECOY_HASH);
    if (!user?.passwordHash || !matches) throw new Unauthorized(WRONG_CREDENTIALS);
    const organization = await this.ports.organizations.get(user.organizationId, user.organizationId);
    if (!organization) throw new Unauthorized(WRONG_CREDENTIALS);
    const subscription = await this.ports.subscriptions.get(organization.id, organization.id);
    const blocked = user.role === 'ADMIN' ? null : subscriptionBlock(subscription);
    if (blocked) throw new Forbidden(blocked);
    if (!needsMfa(user, organization)) return openSession(this.ports, this.settings, user);
    return this.challenge(user);
  }

  private async challenge(user: User): Promise<SignInResult> {
    if (!this.ports.mailer.configured)
      throw new Unavailable(
        'Sign-in needs an e-mailed code for this user, but no mail relay is configured (SMTP_HOST); ask the operator',
        300,
      );
    const now = this.ports.clock.now();
    const id = this.ports.ids.next('mfaChallenge');
    const code = this.ports.secrets.newCode(6);
    await this.ports.mfaChallenges.insert({
      id,
      organizationId: user.organizationId,
      userId: user.id,
      codeHash: this.ports.secrets.hash(codeSecret(id, code)),
      expiresAt: new Date(Date.parse(now) + MFA_CODE_TTL_MS).toISOString(),
      failedAttempts: 0,
      usedAt: null,
      createdAt: now,
      deletedAt: null,
      version: 0,
    });
    await this.ports.mailer.send({
      to: [user.email],
      subject: 'Your Assay sign-in code',
      text: `Your Assay sign-in code is ${code}. It expires in ${MFA_CODE_TTL_MS / 60_000} minutes and works once.`,
    });
    return { mfaRequired: true, challengeId: id };
  }
}
