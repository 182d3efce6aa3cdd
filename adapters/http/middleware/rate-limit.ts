import type { Middleware } from 'koa';
import { RateLimited } from '../../../domain/errors.ts';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';

/** Limits each API key (the user, for other credentials) and reports the window in `RateLimit-*` headers. */
export function rateLimit(limiter: RateLimiter): Middleware {
  return async (ctx, next) => {
    const actor = ctx.state.actor as { apiKeyId: string | null; userId: string } | undefined;
    if (!actor) return next();
    const decision = await limiter.consume(actor.apiKeyId ?? actor.userId);
    ctx.set('RateLimit-Limit', String(decision.limit));
    ctx.set('RateLimit-Remaining', String(decision.remaining));
    ctx.set('RateLimit-Reset', String(decision.resetSeconds));
    if (!decision.allowed) {
      throw new RateLimited(
        `Rate limit of ${decision.limit} requests per minute reached; retry in ${decision.resetSeconds} s`,
        decision.resetSeconds,
      );
    }
    await next();
  };
}
