import type { Middleware } from 'koa';
import { RateLimited, Unauthorized } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';

export type ResolveActor = (credential: string) => Promise<Actor>;

/**
 * Resolves `Authorization: Bearer <key>` to the Actor every use case receives; anything else is 401. With a
 * `failedAuthentications` limiter, each 401 counts against the client address, and an address that spent its
 * allowance gets 429 before its credential is even looked at: guessing keys does not scale.
 */
export function authenticate(resolve: ResolveActor, failedAuthentications?: RateLimiter): Middleware {
  return async (ctx, next) => {
    const address = `address:${ctx.ip}`;
    if (failedAuthentications) {
      const state = await failedAuthentications.peek(address);
      if (!state.allowed)
        throw new RateLimited(
          `Too many failed authentications from this address; retry in ${state.resetSeconds} s`,
          state.resetSeconds,
        );
    }
    try {
      const header = ctx.get('authorization');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!header) throw new Unauthorized('Missing Authorization header: send Authorization: Bearer <API key>');
      if (!match) throw new Unauthorized('Malformed Authorization header: send Authorization: Bearer <API key>');
      ctx.state.actor = await resolve(match[1]);
    } catch (error) {
      if (error instanceof Unauthorized && failedAuthentications) await failedAuthentications.consume(address);
      throw error;
    }
    await next();
  };
}
