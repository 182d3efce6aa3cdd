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
    const decision = await limiters.perKey.consume(`key:${actor.apiKeyId ?? actor.userId}`);
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(decision.remaining));
    ctx.set('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new RateLimited(
        `Rate limit of ${decision.limit} requests per minute reached; retry in ${decision.resetSeconds} s`,
        decision.resetSeconds,
      );
    }
    if (limiters.perOrganization) {
      const shared = await limiters.perOrganization.consume(`organization:${actor.organizationId}`);
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
