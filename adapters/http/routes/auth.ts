import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { CREDENTIAL_BODY_LIMIT } from '../middleware/decoded-body.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { mfaChallenge, mfaVerify, passwordChange, sessionKey, signInRequest } from '../schemas/auth.ts';
import { recordRoute } from './resource-routes.ts';

const tag = 'Identity';

/** Passwords, sign-in and the e-mailed MFA code. */
export function authRoutes(useCases: UseCases): RouteSpec[] {
  return [
    recordRoute({
      method: 'put',
      path: '/users/:id/password',
      tag,
      summary: "Set a user's password (the user itself, an OWNER of its organization, or an ADMIN)",
      body: passwordChange,
      status: 204,
      errors: [403, 404],
      run: async (actor, id, body) => {
        await useCases.setPassword.execute(actor, id, body);
      },
    }),
    route({
      method: 'post',
      path: '/auth/signIn',
      tag,
      summary: 'Sign in with e-mail and password (no credential): a session key, or an MFA challenge',
      description:
        'When the user turned MFA on or the organization enforces it, a 6-digit code is e-mailed and the answer is ' +
        '`{mfaRequired, challengeId}`; send the code to POST /auth/mfa/verify. A wrong e-mail or password answers ' +
        'the same 401; attempts per e-mail, and failed attempts per client address, are limited (429); 503 when MFA ' +
        'applies but no mail relay is configured. The body is at most 8 KB (413 beyond).',
      auth: false,
      checksPassword: true,
      body: signInRequest,
      bodyLimit: CREDENTIAL_BODY_LIMIT,
      response: z.union([sessionKey, mfaChallenge]),
      errors: [401, 403, 413, 429, 503],
      handle: ({ body, ctx }) => {
        ctx.set('Cache-Control', 'no-store');
        return useCases.signIn.execute(body);
      },
    }),
    route({
      method: 'post',
      path: '/auth/mfa/verify',
      tag,
      summary: 'Trade the e-mailed code for a session key (no credential)',
      description:
        'Codes expire after 10 minutes and work once; a challenge dies after 5 wrong codes. Any of these → 401. ' +
        'The body is at most 8 KB (413 beyond).',
      auth: false,
      body: mfaVerify,
      bodyLimit: CREDENTIAL_BODY_LIMIT,
      response: sessionKey,
      errors: [401, 413],
      handle: ({ body, ctx }) => {
        ctx.set('Cache-Control', 'no-store');
        return useCases.verifyMfa.execute(body);
      },
    }),
  ];
}
