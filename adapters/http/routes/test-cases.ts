import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { deletion, idParams } from '../schemas/common.ts';
import {
  languages,
  languagesQuery,
  testCase,
  testCaseCreate,
  testCaseQuery,
  testCaseUpdate,
} from '../schemas/dataset.ts';

const tag = 'Test cases';

/** Test cases and their revisions. */
export function testCaseRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'get',
      path: '/testCases',
      tag,
      summary: "List the organization's test cases (every revision; includeLegacy=false keeps the active heads)",
      query: testCaseQuery,
      response: z.array(testCase),
      handle: ({ actor, query }) => useCases.listTestCases.execute(actor, query),
    }),
    route({
      method: 'post',
      path: '/testCases',
      tag,
      summary: 'Create a test case in a test',
      status: 201,
      body: testCaseCreate,
      response: testCase,
      errors: [404],
      handle: ({ actor, body }) => useCases.createTestCase.execute(actor, body),
    }),
    route({
      method: 'get',
      path: '/testCases/languages',
      tag,
      summary: 'The distinct language tags of test cases, optionally of one product',
      query: languagesQuery,
      response: languages,
      errors: [404],
      handle: ({ actor, query }) => useCases.listTestCaseLanguages.execute(actor, query.productId),
    }),
    route({
      method: 'get',
      path: '/testCases/:id',
      tag,
      summary: 'Read a test case revision, legacy or not',
      params: idParams,
      response: testCase,
      errors: [404],
      handle: ({ actor, params }) => useCases.getTestCase.execute(actor, params.id),
    }),
    route({
      method: 'patch',
      path: '/testCases/:id',
      tag,
      summary: 'Update a test case',
      description:
        'Changing evaluation content (input, expectedOutput, context, expectedTools, userPersona, scenario, ' +
        'goal, stoppingCriterias, maxIterations, languageCode, gender, backgroundNoiseProfile/Level) forks a new ' +
        'revision (new id, same testCaseGroupId, parentTestCaseId = this one), answered here; this one gets ' +
        'legacyAt, and the annotations (reviewedById, userScore, userScoreReason) start empty on the new head ' +
        'unless this request sets them. Other changes edit this revision in place. Only the active head is ' +
        'editable: a legacy revision answers 409.',
      params: idParams,
      body: testCaseUpdate,
      response: testCase,
      errors: [404, 409],
      handle: ({ actor, params, body }) => useCases.updateTestCase.execute(actor, params.id, body),
    }),
    route({
      method: 'delete',
      path: '/testCases/:id',
      tag,
      summary: 'Soft-delete a test case with all its revisions',
      params: idParams,
      response: deletion,
      errors: [404],
      handle: ({ actor, params }) => useCases.deleteTestCase.execute(actor, params.id),
    }),
  ];
}
