import type { RouteSpec } from '../route-spec.ts';
import { renderDocsPage } from '../docs-page.ts';
import { route } from '../route-spec.ts';

const tag = 'Operations';

/** The API's own description: the OpenAPI document and a rendered reference page, both open. */
export function documentationRoutes(openApi: () => Record<string, unknown>): RouteSpec[] {
  let page: string | undefined;
  return [
    route({
      method: 'get',
      path: '/openapi.json',
      tag,
      summary: 'The OpenAPI 3.1 document',
      auth: false,
      handle: () => openApi(),
    }),
    route({
      method: 'get',
      path: '/docs',
      tag,
      summary: 'A rendered API reference page (HTML)',
      auth: false,
      handle: ({ ctx }) => {
        ctx.type = 'text/html; charset=utf-8';
        ctx.body = page ??= renderDocsPage(openApi() as never);
      },
    }),
  ];
}
