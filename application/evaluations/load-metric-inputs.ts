import { assembleInputs } from '../../domain/evaluation/assemble-inputs.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from './list-in.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans' | 'testCases'>;

const MANY = 100_000;

/**
 * Reads the sessions (or turns), test cases and spans of a batch of evaluations of one organization with one
 * query per kind, and answers what each evaluation's metric sees.
 */
export async function loadMetricInputs(ports: Needs, scope: string, evaluations: readonly Evaluation[]): Promise<(evaluation: Evaluation) => MetricInputs> {
  const sessionIds = [...new Set(evaluations.map((evaluation) => evaluation.sessionId))];
  const [sessions, results, testCases, spans] = await Promise.all([
    listIn(ports.sessions, scope, sessionIds),
    ports.inferenceResults.list(scope, { where: [{ field: 'sessionId', op: 'in', values: sessionIds }], sort: [{ field: 'createdAt', direction: 'asc' }], limit: MANY }),
    listIn(ports.testCases, scope, evaluations.flatMap((evaluation) => (evaluation.testCaseId ? [evaluation.testCaseId] : []))),
    ports.spans.list(scope, {
      where: [
        { field: 'sessionId', op: 'in', values: sessionIds },
        { field: 'type', op: 'in', values: ['TOOL', 'RETRIEVER'] },
      ],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    }),
  ]);
  return (evaluation) => {
    const turns = results.filter((result) => result.sessionId === evaluation.sessionId && (!evaluation.inferenceResultId || result.id === evaluation.inferenceResultId));
    const turnIds = new Set(turns.map((result) => result.id));
    return assembleInputs({
      results: turns,
      testCase: testCases.find((testCase) => testCase.id === evaluation.testCaseId) ?? null,
      spans: spans.filter((span) => turnIds.has(span.inferenceResultId)),
      sessionContext: sessions.find((session) => session.id === evaluation.sessionId)?.context ?? null,
    });
  };
}
