import type { UseCases } from '../../../application/use-cases.ts';
import { type RouteSpec, route } from '../route-spec.ts';
import {
  languages,
  languagesQuery,
  testCase,
  testCaseCreate,
  testCaseQuery,
  testCaseUpdate,
} from '../schemas/dataset.ts';
import { resourceRoutes } from './resource-routes.ts';

const tag = 'Test cases';

/** Test cases and their revisions. */
export function testCaseRoutes(useCases: UseCases): RouteSpec[] {
  return resourceRoutes({
    tag,
    path: '/testCases',
    record: testCase,
    list: {
      summary: "List the organization's test cases (every revision; includeLegacy=false keeps the active heads)",
      query: testCaseQuery,
      useCase: useCases.listTestCases,
    },
    create: {
      summary: 'Create a test case in a test',
      body: testCaseCreate,
      errors: [404],
      useCase: useCases.createTestCase,
    },
    collection: [
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
    ],
    get: { summary: 'Read a test case revision, legacy or not', useCase: useCases.getTestCase },
    update: {
      summary: 'Update a test case',
      description:
        'Changing evaluation content (input, expectedOutput, context, expectedTools, userPersona, scenario, ' +
        'goal, stoppingCriterias, maxIterations, languageCode, gender, backgroundNoiseProfile/Level) forks a new ' +
        'revision (new id, same testCaseGroupId, parentTestCaseId = this one), answered here; this one gets ' +
        'legacyAt, and the annotations (reviewedById, userScore, userScoreReason) start empty on the new head ' +
        'unless this request sets them. Other changes edit this revision in place. Only the active head is ' +
        'editable: a legacy revision answers 409.',
      body: testCaseUpdate,
      useCase: useCases.updateTestCase,
    },
    remove: { summary: 'Soft-delete a test case with all its revisions', useCase: useCases.deleteTestCase },
  });
}
