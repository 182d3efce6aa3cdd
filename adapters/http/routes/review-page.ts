import { z } from 'zod';
import { NotFound } from '../../../domain/errors.ts';
import { REVIEW_PAGE_FILES, type ReviewPageFile, reviewPageFiles } from '../review/review-page-files.ts';
import { REVIEW_PAGE_POLICY, setPagePolicy } from '../middleware/security-headers.ts';
import { route, type RouteInput, type RouteSpec } from '../route-spec.ts';

const tag = 'Operations';

const isPageFile = (file: string): file is ReviewPageFile => Object.hasOwn(REVIEW_PAGE_FILES, file);

/**
 * The reviewer page and its script and style sheet, open like /docs: the page asks the reviewer for an API key and
 * calls the API with it. Everything is served from here, so it works offline.
 */
export function reviewPageRoutes(read = reviewPageFiles()): RouteSpec[] {
  const serve = async ({ ctx }: Pick<RouteInput<unknown, unknown, unknown>, 'ctx'>, file: string) => {
    if (!isPageFile(file)) throw new NotFound(`The reviewer page has no file ${file}`);
    const content = await read(file);
    ctx.type = REVIEW_PAGE_FILES[file];
    ctx.set('Cache-Control', 'no-cache');
    if (file === 'index.html') setPagePolicy(ctx, REVIEW_PAGE_POLICY);
    ctx.body = content;
  };
  return [
    route({
      method: 'get',
      path: '/review',
      tag,
      summary: 'The reviewer page (HTML): the review queue, the conversation and the scoring in one place',
      auth: false,
      errors: [503],
      handle: (input) => serve(input, 'index.html'),
    }),
    route({
      method: 'get',
      path: '/review/:file',
      tag,
      summary: `The reviewer page's files: ${Object.keys(REVIEW_PAGE_FILES).join(', ')}`,
      auth: false,
      params: z.strictObject({ file: z.string() }),
      errors: [404, 503],
      handle: (input) => serve(input, input.params.file),
    }),
  ];
}
