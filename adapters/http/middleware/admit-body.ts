import type { Context, Middleware } from 'koa';
import { Unavailable } from '../../../domain/errors.ts';
import type { BodyAdmission } from '../body-admission.ts';

/**
 * What a body without a declared length (chunked) is counted as, its size being unknown until read; and what a
 * streamed body counts at most, as only a window of it is worked on at a time.
 */
const WINDOW_BYTES = 1024 * 1024;

const declaredBytes = (ctx: Context): number => {
  const length = ctx.get('content-length');
  if (length !== '') return Number(length) || 0;
  return ctx.get('transfer-encoding') !== '' ? WINDOW_BYTES : 0;
};

/**
 * Takes the request's body size from the process's budget before the body is read, and gives it back once the
 * answer is sent or the client has gone (see `BodyAdmission`). A request kept waiting longer than `waitMs` is
 * answered 503 with Retry-After, its body unread. A `streamed` body (a raw CSV import read row by row) counts one
 * window, not its whole length.
 */
export function admitBody(
  admission: BodyAdmission,
  options: { waitMs: number; streamed: (ctx: Context) => boolean },
): Middleware {
  return async (ctx, next) => {
    const declared = declaredBytes(ctx);
    if (declared === 0) return next();
    const bytes = options.streamed(ctx) ? Math.min(declared, WINDOW_BYTES) : declared;
    const caller: string = ctx.state.actor?.organizationId ?? `address:${ctx.ip}`;
    const release = await admission.admit(caller, bytes, {
      waitMs: options.waitMs,
      abandoned: (cancel) => ctx.res.once('close', cancel),
    });
    if (!release) {
      if (ctx.res.destroyed || ctx.req.destroyed) return;
      throw new Unavailable('The server is busy with other request bodies; retry shortly', 1);
    }
    // 'close' comes once the answer is sent, and also when the client goes away first.
    ctx.res.once('close', release);
    await next();
  };
}
