import type { Ports } from '../../application/ports/ports.ts';
import {
  JwksMarketplaceTokens,
  unconfiguredMarketplaceTokens,
} from '../../adapters/identity/jwks-marketplace-tokens.ts';
import { SmtpMailer } from '../../adapters/mail/smtp-mailer.ts';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter.ts';
import { ScryptPasswords } from '../../adapters/system/scrypt-passwords.ts';
import { type Config, marketplacePlans } from '../config.ts';

/** Seconds an outside call (relay, key set) may take before it counts as unanswered. */
const OUTSIDE_CALL_TIMEOUT_MS = 10_000;

/** The ports of sign-in, mail and the marketplace webhook, from the configuration. */
export function operationsPorts(
  config: Config,
): Pick<
  Ports,
  'mailer' | 'passwords' | 'marketplaceTokens' | 'marketplaceSettings' | 'signInSettings' | 'signInLimiter'
> {
  const marketplace =
    config.MARKETPLACE_JWKS_URL && config.MARKETPLACE_AUDIENCE && config.MARKETPLACE_TENANT_ID
      ? new JwksMarketplaceTokens({
          jwksUrl: config.MARKETPLACE_JWKS_URL,
          audience: config.MARKETPLACE_AUDIENCE,
          tenantId: config.MARKETPLACE_TENANT_ID,
          timeoutMs: OUTSIDE_CALL_TIMEOUT_MS,
        })
      : unconfiguredMarketplaceTokens;
  return {
    mailer: new SmtpMailer({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE,
      user: config.SMTP_USER,
      password: config.SMTP_PASSWORD,
      from: config.SMTP_FROM,
      timeoutMs: OUTSIDE_CALL_TIMEOUT_MS,
    }),
    passwords: new ScryptPasswords(),
    marketplaceTokens: marketplace,
    marketplaceSettings: {
      plans: marketplacePlans(config.MARKETPLACE_PLANS),
      renewalCredits: config.MARKETPLACE_RENEWAL_CREDITS ?? config.ORGANIZATION_STARTING_CREDITS,
    },
    signInSettings: { sessionKeyTtlHours: config.SESSION_KEY_TTL_HOURS },
    signInLimiter: new MemoryRateLimiter(config.SIGN_IN_ATTEMPTS_PER_HOUR, 3_600_000),
  };
}
