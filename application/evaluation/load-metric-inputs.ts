import { assembleInputs } from '../../domain/evaluation/assemble-inputs.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import type { MetricInputs } from '../../domain/evaluation/metric-inputs.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

type Needs = Pick<Ports, 'sessions' | 'inferenceResults' | 'spans' | 'testCases'>;

const MANY = 100_000;

/** Items by key, each group in the items' order. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}

/**
 * Reads the sessions (or turns), test cases and spans of a batch of evaluations of one organization with one
 * query per kind, and answers what each evaluation's metric sees.
 */
export async function loadMetricInputs(
  ports: Needs,
  scope: string,
  evaluations: readonly Evaluation[],
): Promise<(evaluation: Evaluation) => MetricInputs> {
  const sessionIds = [...new Set(evaluations.map((evaluation) => evaluation.sessionId))];
  const [sessions, results, testCases, spans] = await Promise.all([
    listIn(ports.sessions, scope, sessionIds),
    ports.inferenceResults.list(scope, {
      where: [{ field: 'sessionId', op: 'in', values: sessionIds }],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    }),
    listIn(
      ports.testCases,
      scope,
      evaluations.flatMap((evaluation) => (evaluation.testCaseId ? [evaluation.testCaseId] : [])),
    ),
    ports.spans.list(scope, {
      where: [
        { field: 'sessionId', op: 'in', values: sessionIds },
        { field: 'type', op: 'in', values: ['TOOL', 'RETRIEVER'] },
      ],
      sort: [{ field: 'createdAt', direction: 'asc' }],
      limit: MANY,
    }),
  ]);
  const resultsOf = groupBy(results, (result) => result.sessionId);
  const spansOf = groupBy(spans, (span) => span.sessionId);
  const testCaseById = new Map(testCases.map((testCase) => [testCase.id, testCase]));
  const sessionById = new Map(sessions.map((session) => [session.id, session]));
  return (evaluation) => {
    const turns = (resultsOf.get(evaluation.sessionId) ?? []).filter(
      (result) => !evaluation.inferenceResultId || result.id === evaluation.inferenceResultId,
    );
    const turnIds = new Set(turns.map((result) => result.id));
    return assembleInputs({
      results: turns,
      testCase: testCaseById.get(evaluation.testCaseId ?? '') ?? null,
      spans: (spansOf.get(evaluation.sessionId) ?? []).filter((span) => turnIds.has(span.inferenceResultId)),
      sessionContext: sessionById.get(evaluation.sessionId)?.context ?? null,
    });
  };
}
