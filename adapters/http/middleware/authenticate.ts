import type { Middleware } from 'koa';
import { RateLimited, Unauthorized } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';
import type { RateLimiter } from '../../../application/ports/rate-limiter.ts';
import { GuessHold } from './guess-hold.ts';

export type ResolveActor = (credential: string) => Promise<Actor>;

/**
 * Resolves `Authorization: Bearer <key>` to the Actor every use case receives; anything else is 401. With a
 * `failedAuthentications` limiter, each failure counts against the client address; once the address spent its
 * allowance its failures answer 429 after a short hold, so guessing stays slow. Every credential is still looked
 * at: a valid key is never refused for what other clients behind the same address did.
 */
export function authenticate(resolve: ResolveActor, failedAuthentications?: RateLimiter): Middleware {
  const hold = new GuessHold();
  return async (ctx, next) => {
    try {
      const header = ctx.get('authorization');
      const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
      if (!header) throw new Unauthorized('Missing Authorization header: send Authorization: Bearer <API key>');
      if (!match) throw new Unauthorized('Malformed Authorization header: send Authorization: Bearer <API key>');
      ctx.state.actor = await resolve(match[1]);
    } catch (error) {
      if (!(error instanceof Unauthorized) || !failedAuthentications) throw error;
      const state = await failedAuthentications.consume(`address:${ctx.ip}`);
      if (state.allowed) throw error;
      await hold.wait();
      throw new RateLimited(
        `Too many failed authentications from this address; retry in ${state.resetSeconds} s`,
        state.resetSeconds,
      );
    }
    await next();
  };
}
