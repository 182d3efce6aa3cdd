import type { Ports } from '../../application/ports/ports.ts';
import {
  JwksMarketplaceTokens,
  unconfiguredMarketplaceTokens,
} from '../../adapters/identity/jwks-marketplace-tokens.ts';
import { SmtpMailer, type SmtpSettings } from '../../adapters/mail/smtp-mailer.ts';
import { HttpSelfCheckProbes } from '../../adapters/self-check/self-check-probes.ts';
import { MemoryRateLimiter } from '../../adapters/memory/memory-rate-limiter.ts';
import { ScryptPasswords } from '../../adapters/system/scrypt-passwords.ts';
import type { Config } from '../config.ts';

/** Seconds an outside call (relay, key set) may take before it counts as unanswered. */
const OUTSIDE_CALL_TIMEOUT_MS = 10_000;

/** The ports of sign-in, mail and the marketplace webhook, from the configuration. */
export function operationsPorts(
  config: Config,
): Pick<Ports, 'mailer' | 'passwords' | 'marketplaceTokens' | 'signInLimiter' | 'selfCheck'> {
  const marketplace =
    config.MARKETPLACE_JWKS_URL && config.MARKETPLACE_AUDIENCE && config.MARKETPLACE_TENANT_ID
      ? new JwksMarketplaceTokens({
          jwksUrl: config.MARKETPLACE_JWKS_URL,
          audience: config.MARKETPLACE_AUDIENCE,
          tenantId: config.MARKETPLACE_TENANT_ID,
          timeoutMs: OUTSIDE_CALL_TIMEOUT_MS,
        })
      : unconfiguredMarketplaceTokens;
  const smtp: SmtpSettings = {
    host: config.SMTP_HOST,
    port: config.SMTP_PORT,
    secure: config.SMTP_SECURE,
    user: config.SMTP_USER,
    password: config.SMTP_PASSWORD,
    from: config.SMTP_FROM,
    timeoutMs: OUTSIDE_CALL_TIMEOUT_MS,
  };
  return {
    mailer: new SmtpMailer(smtp),
    selfCheck: new HttpSelfCheckProbes({
      timeoutMs: config.SELF_CHECK_TIMEOUT_MS,
      smtp: { ...smtp, timeoutMs: config.SELF_CHECK_TIMEOUT_MS },
      jwksUrl: config.MARKETPLACE_JWKS_URL,
      services: config.SELF_CHECK_SERVICES,
      serviceNames: config.SELF_CHECK_SERVICE_NAMES,
    }),
    passwords: new ScryptPasswords(),
    marketplaceTokens: marketplace,
    signInLimiter: new MemoryRateLimiter(config.SIGN_IN_ATTEMPTS_PER_HOUR, 3_600_000),
  };
}
