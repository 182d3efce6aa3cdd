import type { Context } from 'koa';
import type { File } from 'formidable';
import type { Readable } from 'node:stream';
import type { UseCases } from '../../../application/use-cases.ts';
import { FILE_BYTES_LIMIT, FILE_TYPES } from '../../../domain/dataset-generation/knowledge-file.ts';
import { HttpProblem } from '../http-errors.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { idParams } from '../schemas/common.ts';
import { generationBody, generationJob, generationJobQuery, storedFile } from '../schemas/dataset-generation.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

/** Room for the multipart framing around a file of the largest size. */
const FORM_OVERHEAD = 64 * 1024;

/** The uploaded file's bytes and the name it was sent under. */
async function upload(ctx: Context, body: unknown): Promise<{ filename: string; bytes: Uint8Array }> {
  if (typeof body !== 'function') throw new HttpProblem('invalid_input', 'Send the file in the multipart field "file"');
  const chunks: Buffer[] = [];
  for await (const chunk of (body as () => Readable)()) chunks.push(chunk as Buffer);
  const file = (ctx.request as { files?: Record<string, File> }).files?.file;
  return { filename: file?.originalFilename ?? '', bytes: Buffer.concat(chunks) };
}

/** Knowledge files, generation jobs on a test, and the jobs list. */
export function datasetGenerationRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/files',
      tag: 'Files',
      summary: 'Upload a knowledge file for QUALITY generation (multipart/form-data, field file)',
      description:
        `Types by file name: ${Object.keys(FILE_TYPES).join(' ')} (others 415); at most ${FILE_BYTES_LIMIT} bytes ` +
        '(larger 413). The text is extracted on upload (PDF: at most 500 pages and 5 MiB of text within 30 s; an unreadable ' +
        "PDF is 400). The uri belongs to the caller's organization: another organization naming it gets 404.",
      status: 201,
      bodyKind: 'stream',
      consumes: ['multipart/form-data'],
      uploadField: 'file',
      bodyLimit: FILE_BYTES_LIMIT + FORM_OVERHEAD,
      response: storedFile,
      errors: [413, 415],
      handle: async ({ actor, body, ctx }) => useCases.uploadFile.execute(actor, await upload(ctx, body)),
    }),
    recordRoute({
      method: 'post',
      path: '/tests/:id/generate',
      tag: 'Tests',
      summary: 'Queue a job that writes generated test cases into the test',
      description:
        "kind must be the test's type. Credits: GENERATION_CREDITS_PER_TEST_CASE per test case written, taken as " +
        'they are written; refused up front (402) when the organization cannot pay for maxTestCases. One queued or ' +
        'active job per test (409). See docs/generation.md.',
      status: 202,
      body: generationBody,
      response: generationJob,
      errors: [402, 404, 409],
      run: (actor, id, body) => useCases.startGeneration.execute(actor, id, body),
    }),
    ...resourceRoutes({
      tag: 'Jobs',
      path: '/jobs',
      record: generationJob,
      list: {
        summary: "List the organization's generation jobs",
        query: generationJobQuery,
        useCase: useCases.listGenerationJobs,
      },
      get: { summary: 'Read a generation job: its state, progress and outcome', useCase: useCases.getGenerationJob },
    }),
    route({
      method: 'post',
      path: '/jobs/:id/cancel',
      tag: 'Jobs',
      summary: 'Cancel a queued or active generation job (test cases already written stay)',
      description: 'A cancelled job answers 200 again; a completed or failed one is 409.',
      params: idParams,
      response: generationJob,
      errors: [404, 409],
      handle: ({ actor, params }) => useCases.cancelGenerationJob.execute(actor, params.id),
    }),
  ];
}
