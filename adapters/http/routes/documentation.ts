import { z } from 'zod';
import { NotFound } from '../../../domain/errors.ts';
import { docsFiles } from '../docs-files.ts';
import { DOCS_PAGE_STYLE, renderDocsPage } from '../docs-page.ts';
import { inlineStylePolicy, setPagePolicy } from '../middleware/security-headers.ts';
import { route, type RouteSpec } from '../route-spec.ts';

const tag = 'Operations';
const DOCS_PAGE_POLICY = inlineStylePolicy(DOCS_PAGE_STYLE);

/** The API's own description: the OpenAPI document, a rendered reference page and the guides, all open. */
export function documentationRoutes(openApi: () => Record<string, unknown>, readGuide = docsFiles()): RouteSpec[] {
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
        setPagePolicy(ctx, DOCS_PAGE_POLICY);
        ctx.body = page ??= renderDocsPage(openApi() as never);
      },
    }),
    route({
      method: 'get',
      path: '/docs/:page',
      tag,
      summary: 'A guide of the docs folder as Markdown text (api-conventions.md, runs.md, …)',
      auth: false,
      params: z.strictObject({ page: z.string().max(100).describe('A file name of the docs folder, e.g. runs.md') }),
      errors: [404],
      handle: async ({ ctx, params }) => {
        const text = await readGuide(params.page);
        if (text === null) throw new NotFound(`No guide named ${params.page}`);
        ctx.type = 'text/markdown; charset=utf-8';
        ctx.body = text;
      },
    }),
  ];
}
