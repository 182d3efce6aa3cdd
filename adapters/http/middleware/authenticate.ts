import type { Middleware } from 'koa';
import { Unauthorized } from '../../../domain/errors.ts';
import type { Actor } from '../../../domain/identity/role.ts';

export type ResolveActor = (credential: string) => Promise<Actor>;

/** Resolves `Authorization: Bearer <key>` to the Actor every use case receives; anything else is 401. */
export function authenticate(resolve: ResolveActor): Middleware {
  return async (ctx, next) => {
    const header = ctx.get('authorization');
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!header) throw new Unauthorized('Missing Authorization header: send Authorization: Bearer <API key>');
    if (!match) throw new Unauthorized('Malformed Authorization header: send Authorization: Bearer <API key>');
    ctx.state.actor = await resolve(match[1]);
    await next();
  };
}
