import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { timestamp } from '../schemas/common.ts';

const tag = 'Operations';

const buildInfo = z.object({ version: z.string(), commit: z.string(), buildDate: timestamp }).meta({ id: 'BuildInfo' });
const sdkPolicy = z
  .object({ latestSdkVersionPublished: z.string(), minimumSdkVersionSupported: z.string() })
  .meta({ id: 'SdkVersionPolicy' });

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
      auth: false,
      response: z.object({ status: z.literal('ready') }),
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
      path: '/minimum-sdk-version',
      tag,
      summary: 'The SDK version policy',
      response: sdkPolicy,
      handle: () => useCases.getSdkVersionPolicy.execute(),
    }),
  ];
}
