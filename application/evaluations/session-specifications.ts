import type { Session } from '../../domain/tracing/session.ts';
import type { Ports } from '../ports/ports.ts';
import type { RecordStore } from '../ports/record-store.ts';

export interface SpecificationLinks {
  /** The specification each session's test case comes from (null: imported, or its dataset has none). */
  readonly specificationOf: ReadonlyMap<string, string | null>;
  /** Metric ids linked to each specification involved. */
  readonly linkedMetricIds: Readonly<Record<string, readonly string[]>>;
}

type Needs = Pick<Ports, 'testCases' | 'datasets' | 'specifications'>;

const chunks = <T>(items: readonly T[], size = 1000): T[][] => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Live records of the scope with those ids, 1000 per query. */
export async function listIn<T extends { readonly id: string }>(store: RecordStore<T>, scope: string, ids: readonly string[]): Promise<T[]> {
  const unique = [...new Set(ids)];
  const pages = await Promise.all(chunks(unique).map((part) => store.list(scope, { where: [{ field: 'id', op: 'in', values: part }], limit: part.length })));
  return pages.flat();
}

/** session → test case → dataset → specification, with the metrics linked to those and to `extra` specifications. */
export async function loadSpecificationLinks(ports: Needs, scope: string, sessions: readonly Session[], extra: readonly string[] = []): Promise<SpecificationLinks> {
  const testCases = await listIn(ports.testCases, scope, sessions.flatMap((session) => (session.testCaseId ? [session.testCaseId] : [])));
  const datasets = await listIn(ports.datasets, scope, testCases.map((testCase) => testCase.testId));
  const specificationIds = [...datasets.flatMap((dataset) => (dataset.specificationId ? [dataset.specificationId] : [])), ...extra];
  const specifications = await listIn(ports.specifications, scope, specificationIds);
  const datasetOf = new Map(testCases.map((testCase) => [testCase.id, testCase.testId]));
  const specOfDataset = new Map(datasets.map((dataset) => [dataset.id, dataset.specificationId]));
  const live = new Set(specifications.map((specification) => specification.id));
  const specificationOf = new Map(
    sessions.map((session) => {
      const spec = session.testCaseId ? (specOfDataset.get(datasetOf.get(session.testCaseId) ?? '') ?? null) : null;
      return [session.id, spec && live.has(spec) ? spec : null];
    }),
  );
  return { specificationOf, linkedMetricIds: Object.fromEntries(specifications.map((specification) => [specification.id, specification.metricIds])) };
}
