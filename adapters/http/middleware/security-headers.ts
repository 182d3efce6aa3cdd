import { createHash } from 'node:crypto';
import type { Context, Middleware } from 'koa';

/** Never framed, no base or form target of another origin: the part every page's policy shares. */
const PAGE_BASE = "base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** The reviewer page: its own script and style sheet and the API, nothing inline, nothing from elsewhere. */
export const REVIEW_PAGE_POLICY = `default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; ${PAGE_BASE}`;

/** The console: the same as the reviewer page's (its own bundle and style sheet, the API, nothing else). */
export const CONSOLE_POLICY = REVIEW_PAGE_POLICY;

/** A page without script whose one inline style sheet is allowed by its hash (the /docs reference). */
export function inlineStylePolicy(style: string): string {
  const hash = createHash('sha256').update(style).digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; ${PAGE_BASE}`;
}

/** An HTML answer that set no policy of its own: nothing may load or run. */
const FALLBACK_POLICY = `default-src 'none'; ${PAGE_BASE}`;

/** Marks a page's answer with its Content-Security-Policy. */
export function setPagePolicy(ctx: Context, policy: string): void {
  ctx.set('Content-Security-Policy', policy);
}

/**
 * Headers for every answer: `X-Content-Type-Options: nosniff` (a browser never runs a JSON or text answer as
 * something else); for a page (HTML), a Content-Security-Policy (the strictest unless the route set its own) and
 * `X-Frame-Options: DENY` for browsers that do not read `frame-ancestors`.
 */
export function securityHeaders(): Middleware {
  return async (ctx, next) => {
    try {
      await next();
    } finally {
      ctx.set('X-Content-Type-Options', 'nosniff');
      if (ctx.response.is('html')) {
        if (!ctx.response.get('Content-Security-Policy')) setPagePolicy(ctx, FALLBACK_POLICY);
        ctx.set('X-Frame-Options', 'DENY');
      }
    }
  };
}
