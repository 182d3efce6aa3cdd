import type { Middleware } from 'koa';
import { RateLimited, Unauthorized } from '../../../domain/errors.ts';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';

/**
 * For routes that check a password sent without a key: each 401 counts against the client address, and an address
 * that spent its allowance is refused (429) before its body is read or its password checked, whatever e-mail it
 * names. Unlike an API key, a password is guessable, so a refused address is refused even with the right one.
 */
export function throttleFailedSignIns(failedSignIns: RateLimiter): Middleware {
  return async (ctx, next) => {
    const address = `address:${ctx.ip}`;
    const state = await failedSignIns.peek(address);
    if (!state.allowed)
      throw new RateLimited(
        `Too many failed sign-ins from this address; retry in ${state.resetSeconds} s`,
        state.resetSeconds,
      );
    try {
      await next();
    } catch (error) {
      if (error instanceof Unauthorized) await failedSignIns.consume(address);
      throw error;
    }
  };
}
