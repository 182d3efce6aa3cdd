import type { Middleware } from 'koa';
import { RateLimited } from '../../../domain/errors.ts';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';

/** The limits on authenticated requests: per API key (the user, for other credentials) and per organization. */
export interface RequestLimiters {
  readonly perKey: RateLimiter;
  readonly perOrganization?: RateLimiter;
}

/**
 * Counts each request against its key and its organization (so minting more keys does not multiply the allowance),
 * reports the key's window in `RateLimit-*` headers, and answers 429 with `Retry-After` when either is spent.
 */
export function rateLimit(limiters: RequestLimiters): Middleware {
  return async (ctx, next) => {
    const actor = ctx.state.actor as { apiKeyId: string | null; userId: string; organizationId: string } | undefined;
    if (!actor) return next();
    const keyName = `key:${actor.apiKeyId ?? actor.userId}`;
    const organizationName = `organization:${actor.organizationId}`;
    const { perKey, perOrganization } = limiters;
    // Both counts in one round trip where the store allows it (the organization's counted only when the key allowed).
    const paired =
      perOrganization && perKey.consumeThen ? perKey.consumeThen(keyName, perOrganization, organizationName) : null;
    const [decision, pairedShared] = paired ? await paired : [await perKey.consume(keyName), null];
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(decision.remaining));
    ctx.set('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new RateLimited(
        `Rate limit of ${decision.limit} requests per minute reached; retry in ${decision.resetSeconds} s`,
        decision.resetSeconds,
      );
    }
    if (perOrganization) {
      const shared = pairedShared ?? (await perOrganization.consume(organizationName));
      if (!shared.allowed) {
        ctx.set('RateLimit-Remaining', '0');
        ctx.set('RateLimit-Reset', String(shared.resetSeconds));
        throw new RateLimited(
          `The organization's rate limit of ${shared.limit} requests per minute (all its keys together) is reached;` +
            ` retry in ${shared.resetSeconds} s`,
          shared.resetSeconds,
        );
      }
    }
    await next();
  };
}
