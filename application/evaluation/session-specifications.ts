import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';

export interface SpecificationLinks {
  /** The specification each session's test case comes from (null: imported, or its dataset has none). */
  readonly specificationOf: ReadonlyMap<string, string | null>;
  /** Metric ids linked to each specification involved. */
  readonly linkedMetricIds: Readonly<Record<string, readonly string[]>>;
}

type Needs = Pick<Ports, 'testCases' | 'datasets' | 'specifications'>;

/** session → test case → dataset → specification, with the metrics linked to those and to `extra` specifications. */
export async function loadSpecificationLinks(
  ports: Needs,
  scope: string,
  sessions: readonly Session[],
  extra: readonly string[] = [],
): Promise<SpecificationLinks> {
  const testCases = await listIn(
    ports.testCases,
    scope,
    sessions.flatMap((session) => (session.testCaseId ? [session.testCaseId] : [])),
  );
  const datasets = await listIn(
    ports.datasets,
    scope,
    testCases.map((testCase) => testCase.datasetId),
  );
  const specificationIds = [
    ...datasets.flatMap((dataset) => (dataset.specificationId ? [dataset.specificationId] : [])),
    ...extra,
  ];
  const specifications = await listIn(ports.specifications, scope, specificationIds);
  const datasetOf = new Map(testCases.map((testCase) => [testCase.id, testCase.datasetId]));
  const specOfDataset = new Map(datasets.map((dataset) => [dataset.id, dataset.specificationId]));
  const live = new Set(specifications.map((specification) => specification.id));
  const specificationOf = new Map(
    sessions.map((session) => {
      const spec = session.testCaseId ? (specOfDataset.get(datasetOf.get(session.testCaseId) ?? '') ?? null) : null;
      return [session.id, spec && live.has(spec) ? spec : null];
    }),
  );
  return {
    specificationOf,
    linkedMetricIds: Object.fromEntries(
      specifications.map((specification) => [specification.id, specification.metricIds]),
    ),
  };
}
