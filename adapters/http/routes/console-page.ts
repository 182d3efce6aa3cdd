import { z } from 'zod';
import { NotFound } from '../../../domain/errors.ts';
import { CONSOLE_FILES, type ConsoleFile, consoleFiles } from '../console/console-files.ts';
import { CONSOLE_POLICY, setPagePolicy } from '../middleware/security-headers.ts';
import { route, type RouteInput, type RouteSpec } from '../route-spec.ts';

const tag = 'Operations';

const isConsoleFile = (file: string): file is ConsoleFile => Object.hasOwn(CONSOLE_FILES, file);
const segment = z.string().max(200);
/** A screen's own query (filters, the runs compared): read by the page, not by the server. */
const screenQuery = z.looseObject({});

/**
 * The console: one page shell for `/app` and every path under it (so deep links and reloads work), and its script
 * and style sheet under `/app/assets/`. All open like /review: the page asks for a key and calls the API with it.
 */
export function consolePageRoutes(read = consoleFiles()): RouteSpec[] {
  const serve = async ({ ctx }: Pick<RouteInput<unknown, unknown, unknown>, 'ctx'>, file: string) => {
    if (!isConsoleFile(file)) throw new NotFound(`The console has no file ${file}`);
    const content = await read(file);
    ctx.type = CONSOLE_FILES[file];
    ctx.set('Cache-Control', 'no-cache');
    if (file === 'index.html') setPagePolicy(ctx, CONSOLE_POLICY);
    ctx.body = content;
  };
  const shell = (path: string, params?: z.ZodType<Record<string, string>>) =>
    route({
      method: 'get',
      path,
      tag,
      summary: 'The console (HTML): products, runs, comparisons, sessions and traces in a browser',
      auth: false,
      params,
      query: screenQuery,
      errors: [503],
      // `/app/assets/{file}` also matches `/app/{screen}/{id}`: whichever route answers, a file stays a file.
      handle: (input) =>
        serve(input, input.params?.screen === 'assets' && input.params.id ? input.params.id : 'index.html'),
    });
  return [
    route({
      method: 'get',
      path: '/app/assets/:file',
      tag,
      summary: `The console's files: ${Object.keys(CONSOLE_FILES).join(', ')}`,
      auth: false,
      params: z.strictObject({ file: segment }),
      errors: [404, 503],
      handle: (input) => serve(input, input.params.file),
    }),
    shell('/app'),
    shell('/app/:screen', z.strictObject({ screen: segment })),
    shell('/app/:screen/:id', z.strictObject({ screen: segment, id: segment })),
  ];
}
