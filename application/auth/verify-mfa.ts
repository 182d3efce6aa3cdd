import { Unauthorized } from '../../domain/errors.ts';
import { afterAttempt, isOpen } from '../../domain/identity/mfa-challenge.ts';
import type { Ports } from '../ports/ports.ts';
import type { Settings } from '../ports/settings.ts';
import { openSession, type SessionKey } from './session-key.ts';
import { codeSecret } from './sign-in.ts';

const REFUSED = 'Wrong, used or expired sign-in code';

/** The e-mailed code → a session key; codes are single-use, expire, and a challenge dies after 5 wrong ones. */
export class VerifyMfa {
  constructor(
    private readonly ports: Pick<Ports, 'mfaChallenges' | 'users' | 'apiKeys' | 'secrets' | 'ids' | 'clock'>,
    private readonly settings: Pick<Settings, 'sessionKeyTtlHours'>,
  ) {}

  async execute(input: { challengeId: string; code: string }): Promise<SessionKey> {
    const now = this.ports.clock.now();
    const challenge = await this.ports.mfaChallenges.get(null, input.challengeId);
    if (!challenge || !isOpen(challenge, now)) throw new Unauthorized(REFUSED);
    const matched = this.ports.secrets.matches(codeSecret(challenge.id, input.code), challenge.codeHash);
    await this.ports.mfaChallenges.update(afterAttempt(challenge, matched, now));
    if (!matched) throw new Unauthorized(REFUSED);
    const user = await this.ports.users.get(challenge.organizationId, challenge.userId);
    if (!user) throw new Unauthorized(REFUSED);
    return openSession(this.ports, this.settings, user);
  }
}
