import { assembleInputs } from '../../domain/evaluation/assemble-inputs.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import type { Ports } from '../ports/ports.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans' | 'testCases'>;

/** Reads the session (or turn), its test case and spans, and lets the domain assemble what metrics see. */
export async function loadMetricInputs(ports: Needs, evaluation: Evaluation): Promise<MetricInputs> {
  const scope = evaluation.organizationId;
  const turnFilter = evaluation.inferenceResultId
    ? [{ field: 'id', op: 'eq' as const, value: evaluation.inferenceResultId }]
    : [{ field: 'sessionId', op: 'eq' as const, value: evaluation.sessionId }];
  const [session, results, testCase] = await Promise.all([
    ports.sessions.get(scope, evaluation.sessionId, { includeDeleted: true }),
    ports.inferenceResults.list(scope, { where: turnFilter, sort: [{ field: 'createdAt', direction: 'asc' }], limit: 1000 }),
    evaluation.testCaseId ? ports.testCases.get(scope, evaluation.testCaseId, { includeDeleted: true }) : Promise.resolve(null),
  ]);
  const spans = results.length === 0
    ? []
    : await ports.spans.list(scope, {
        where: [
          { field: 'inferenceResultId', op: 'in', values: results.map((result) => result.id) },
          { field: 'type', op: 'in', values: ['TOOL', 'RETRIEVER'] },
        ],
        sort: [{ field: 'createdAt', direction: 'asc' }],
        limit: 1000,
      });
  return assembleInputs({ results, testCase, spans, sessionContext: session?.context ?? null });
}
