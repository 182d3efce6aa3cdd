import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { timestamp } from '../schemas/common.ts';

const tag = 'Operations';

const buildInfo = z.object({ version: z.string(), commit: z.string(), buildDate: timestamp }).meta({ id: 'BuildInfo' });
const sdkPolicy = z
  .object({ latestSdkVersionPublished: z.string(), minimumSdkVersionSupported: z.string() })
  .meta({ id: 'SdkVersionPolicy' });

const dependencyEntry = z
  .object({
    kind: z.enum(['model', 'embedding', 'storage', 'queue', 'identity', 'mail']),
    name: z.string(),
    resolved: z.string().optional().describe('What the setting resolved to; admins only'),
    source: z.enum(['env', 'default', 'fallback']).optional(),
    status: z.enum(['ok', 'failed', 'timedOut', 'degraded']),
    severity: z.enum(['critical', 'degraded']),
    detail: z.string().optional().describe('Why it failed; admins only'),
    failure: z.enum(['unavailable', 'incapable']).optional(),
    durationMs: z.number(),
  })
  .meta({ id: 'SelfCheckDependency' });
const verdict = z.enum(['ok', 'failed', 'degraded']);
const selfCheck = z
  .object({
    api: z.object({ status: verdict, dependencies: z.array(dependencyEntry) }),
    services: z.array(
      z.object({
        name: z.string(),
        status: z.enum(['ok', 'unreachable', 'not_implemented', 'not_configured']),
        result: verdict.optional(),
        dependencies: z.array(dependencyEntry).optional(),
      }),
    ),
  })
  .meta({ id: 'SelfCheck' });

/** Health, build info and the SDK version policy. */
export function operationsRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/health',
      tag,
      summary: 'Liveness: the process answers (no credential); restart it when this fails',
      auth: false,
      response: z.object({ status: z.literal('ok') }),
      handle: () => ({ status: 'ok' as const }),
    }),
    route({
      method: 'get',
      path: '/ready',
      tag,
      summary: 'Readiness: the database answers and its migrations are applied (no credential); else 503',
      description:
        'Answers within about 2 seconds: a database that does not answer by then is 503. `degraded` names parts ' +
        'that serve in a lesser way meanwhile (rate limits counted per process while their shared store is away).',
      auth: false,
      response: z.object({
        status: z.literal('ready'),
        degraded: z.array(z.string()).optional().describe('Parts serving in a lesser way; absent when none'),
      }),
      errors: [503],
      handle: () => useCases.checkReadiness.execute(),
    }),
    route({
      method: 'get',
      path: '/build-info',
      tag,
      summary: 'Build metadata (admins and enterprise organizations)',
      response: buildInfo,
      errors: [403],
      handle: ({ actor }) => useCases.getBuildInfo.execute(actor),
    }),
    route({
      method: 'get',
      path: '/self-check',
      tag,
      summary: "Probes the API's dependencies and the downstream services (admins and enterprise organizations)",
      response: selfCheck,
      errors: [403],
      handle: ({ actor }) => useCases.runSelfCheck.execute(actor),
    }),
    route({
      method: 'get',
      path: '/minimum-sdk-version',
      tag,
      summary: 'The SDK version policy',
      response: sdkPolicy,
      handle: () => useCases.getSdkVersionPolicy.execute(),
    }),
  ];
}
