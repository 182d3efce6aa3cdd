import type { UseCases } from '../../../application/use-cases.ts';
import { Readable } from 'node:stream';
import { CSV_LIMITS, readTestCaseCsv } from '../../csv/test-case-csv.ts';
import { JSON_DEPTH_LIMIT } from '../../shared/json-input.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { idParams } from '../schemas/common.ts';
import { test, testCaseImport, testCreate, testQuery, testUpdate } from '../schemas/dataset.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'Tests';

/** The CSV body as the `stream` body kind hands it over, or an empty file when the request has none. */
const openedOrEmpty = (body: unknown): (() => Readable) =>
  typeof body === 'function' ? (body as () => Readable) : () => Readable.from([]);

/** Tests (datasets of test cases) and their CSV import. */
export function testRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/tests',
      record: test,
      list: { summary: "List the organization's tests (datasets)", query: testQuery, useCase: useCases.listDatasets },
      create: {
        summary:
          'Create a test of a product, optionally for one of its specifications (name and type unique per product)',
        body: testCreate,
        errors: [404, 409],
        useCase: useCases.createDataset,
      },
      get: { summary: 'Read a test', useCase: useCases.getDataset },
      update: {
        summary: 'Update a test (moving it to another specification relinks both)',
        body: testUpdate,
        useCase: useCases.updateDataset,
      },
      remove: { summary: 'Soft-delete a test with its test cases', useCase: useCases.deleteDataset },
    }),
    route({
      method: 'post',
      path: '/tests/:id/testCases/import',
      tag,
      summary: 'Import test cases from a CSV file (all rows or none)',
      status: 201,
      description:
        'Body: text/csv with a header row of test-case field names (camelCase or snake_case; input is required), ' +
        'or multipart/form-data with that CSV file in the field `file` (same rules and limits). ' +
        'Empty cells are absent fields; input and context take plain text or a JSON object; expectedTools and ' +
        'stoppingCriterias take a JSON array or a|b|c. One bad row fails the whole import and nothing is stored; ' +
        'problems are reported as rows.<n>.<field>, n being the row number counting data rows from 1 (the header ' +
        'row is not counted), and the message names each row. At most 10,000 rows (the 10,001st refuses the file ' +
        `without reading further), ${CSV_LIMITS.columns} cells and ${CSV_LIMITS.rowCharacters} characters a row, ` +
        `${CSV_LIMITS.cellCharacters} characters a cell; JSON cells nest at most ${JSON_DEPTH_LIMIT} levels.`,
      params: idParams,
      bodyKind: 'stream',
      consumes: ['text/csv', 'multipart/form-data'],
      uploadField: 'file',
      response: testCaseImport,
      errors: [404, 413, 415],
      handle: ({ actor, params, body }) =>
        useCases.importTestCases.execute(actor, params.id, readTestCaseCsv(openedOrEmpty(body))),
    }),
  ];
}
