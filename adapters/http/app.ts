import Router from '@koa/router';
import Koa, { type Middleware } from 'koa';
import type pino from 'pino';
import { z } from 'zod';
import { HttpProblem } from './http-errors.ts';
import type { BodyAdmission } from './body-admission.ts';
import { authenticate, type ResolveActor } from './middleware/authenticate.ts';
import { bodyParsing } from './middleware/body-parsing.ts';
import { rateLimit } from './middleware/rate-limit.ts';
import { requestContext } from './middleware/request-context.ts';
import { throttleFailedSignIns } from './middleware/throttle-failed-sign-ins.ts';
import { securityHeaders } from './middleware/security-headers.ts';
import { answerClientError } from './client-error.ts';
import type { RateLimiter } from '../../application/ports/rate-limiter.ts';
import type { RouteSpec } from './route-spec.ts';
import { unbracketedQuery, withoutTopLevelNulls } from './request-conventions.ts';
import { parseInput } from './validation.ts';

export interface HttpAppOptions {
  readonly routes: readonly RouteSpec[];
  readonly resolveActor: ResolveActor;
  readonly logger: pino.Logger;
  /** Per-key request limits; absent means unlimited. */
  readonly rateLimiter?: RateLimiter;
  /** Per-organization request limits (all its keys together); absent means none. */
  readonly organizationRateLimiter?: RateLimiter;
  /** Failed authentications per client address; absent means uncounted. */
  readonly failedAuthLimiter?: RateLimiter;
  /** Failed sign-ins (routes that check a password) per client address; absent means uncounted. */
  readonly failedSignInLimiter?: RateLimiter;
  /** Proxies in front of the API whose X-Forwarded-For entries are trusted for the client address (0: none). */
  readonly trustProxyHops?: number;
  /** Told of every answered request (route pattern, method, status, seconds), e.g. for metrics. */
  /** The bound on request-body bytes worked on at once, and how long a body may wait for room; absent: unbounded. */
  readonly bodyAdmission?: { readonly admission: BodyAdmission; readonly waitMs: number };
  readonly observe?: (sample: { route: string; method: string; status: number; seconds: number }) => void;
}

/** The query schema of routes that take no parameters: anything sent is refused. */
const strictEmpty = z.strictObject({});

function handler(spec: RouteSpec): Middleware {
  return async (ctx) => {
    const params = spec.params ? parseInput(spec.params, ctx.params, 'path') : ctx.params;
    const query = parseInput(spec.query ?? strictEmpty, unbracketedQuery(ctx.query), 'query');
    const sent = (ctx.request as { body?: unknown }).body;
    const raw = spec.method === 'post' ? withoutTopLevelNulls(sent) : sent;
    const body = spec.body ? parseInput(spec.body, raw, 'body') : raw;
    const result = await spec.handle({ actor: ctx.state.actor, params, query, body, ctx });
    if (ctx.body === undefined || ctx.body === null) {
      ctx.status = spec.status ?? 200;
      ctx.body = spec.response && spec.validateResponse !== false ? spec.response.parse(result) : result;
    }
  };
}

/** The Koa application: request context, then per route authentication, media-type check, parsing, handler. */
export function createHttpApp(options: HttpAppOptions): Koa {
  const hops = options.trustProxyHops ?? 0;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const router = new Router();
  const auth: Middleware[] = [
    authenticate(options.resolveActor, options.failedAuthLimiter),
    ...(options.rateLimiter
      ? [rateLimit({ perKey: options.rateLimiter, perOrganization: options.organizationRateLimiter })]
      : []),
  ];
  for (const spec of options.routes) {
    const chain: Middleware[] = [
      ...(spec.auth === false ? [] : auth),
      ...(spec.checksPassword && options.failedSignInLimiter
        ? [throttleFailedSignIns(options.failedSignInLimiter)]
        : []),
      ...bodyParsing(spec, options.bodyAdmission),
      handler(spec),
    ];
    router.register(spec.path, [spec.method.toUpperCase()], chain as never);
  }
  const observe = options.observe;
  if (observe)
    app.use(async (ctx, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const route = (ctx as { _matchedRoute?: string })._matchedRoute ?? 'unmatched';
        observe({ route, method: ctx.method, status: ctx.status, seconds: (performance.now() - started) / 1000 });
      }
    });
  app.use(securityHeaders());
  app.use(requestContext(options.logger));
  app.use(router.routes());
  app.use(async (ctx) => {
    const known = router.match(ctx.path, ctx.method);
    if (known.path.length > 0)
      throw new HttpProblem('method_not_allowed', `${ctx.method} is not allowed on ${ctx.path}`);
    throw new HttpProblem('not_found', `No route ${ctx.method} ${ctx.path}`);
  });
  // A server made by `app.listen` (an embedding host's) answers the HTTP parser's refusals with JSON too.
  const listen = app.listen.bind(app);
  app.listen = ((...args: Parameters<Koa['listen']>) => {
    const server = listen(...args);
    server.on('clientError', answerClientError);
    return server;
  }) as Koa['listen'];
  return app;
}
