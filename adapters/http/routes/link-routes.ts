import type { z } from 'zod';
import type { Actor } from '../../../domain/identity/role.ts';
import { type RouteSpec, route } from '../route-spec.ts';
import { idParams } from '../schemas/common.ts';
import { type Described, describe } from './resource-routes.ts';

interface LinkOperation<B> extends Described {
  run(actor: Actor, id: string, body: B): Promise<unknown>;
}

/** A link collection of a record (`/specifications/:id/metrics`): POST links, DELETE unlinks; both answer the record. */
export function linkRoutes<B>({
  tag,
  path,
  body,
  response,
  link,
  unlink,
}: {
  tag: string;
  path: string;
  body: z.ZodType<B>;
  response: z.ZodType;
  link: LinkOperation<B>;
  unlink: LinkOperation<B>;
}): RouteSpec[] {
  return (['post', 'delete'] as const).map((method) => {
    const operation = method === 'post' ? link : unlink;
    return route({
      method,
      path,
      tag,
      ...describe(operation, [404, 409]),
      params: idParams,
      body,
      response,
      handle: ({ actor, params, body }) => operation.run(actor, params.id, body),
    });
  });
}
