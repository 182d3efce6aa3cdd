import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import { fromVersionBody, fromVersionReport } from '../schemas/from-version.ts';

/** POST /evaluations/fromVersion: play a version's test cases against its own endpoint, then score the sessions. */
export function fromVersionRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/evaluations/fromVersion',
      tag: 'Evaluations',
      summary: "Call the version's endpoint with its specifications' test cases, then score the sessions",
      description:
        'One GENERATE_INFERENCES launch: per test case a worker creates a session (versionId, testCaseId, runId), ' +
        "calls the version's conversation endpoint connection, records each turn as an inference result, finishes " +
        "the session and scores it with its specification's metrics. Watch `progress` on the launch (GET /runs/{id}). " +
        'The version needs a live connection (400); specifications without test cases or metrics are skipped.',
      status: 202,
      body: fromVersionBody,
      response: fromVersionReport,
      errors: [404, 409],
      handle: ({ actor, body }) => useCases.launchInferenceGeneration.execute(actor, body),
    }),
  ];
}
