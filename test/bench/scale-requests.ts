import { isoAt } from './scale-sql.ts';
import { METRIC_IDS, RUN_IDS, type SeededOrganization, sessionSecond, spanSecond } from './scale-seed.ts';

/** One list request of the benchmark: the same label and the same question, asked of each organization. */
export interface ListRequest {
  readonly label: string;
  readonly path: (org: SeededOrganization) => string;
}

type Query = (org: SeededOrganization) => string;

/** A route's variants: the default order, each sort both ways, each filter alone, and the pairs given (a filter's
 * name, or a fixed `name=value`). */
function variants(route: string, sorts: readonly string[], filters: Record<string, Query>, pairs: string[][]) {
  const requests: ListRequest[] = [{ label: `${route} (default order)`, path: () => `${route}?limit=50` }];
  for (const field of sorts)
    for (const direction of ['asc', 'desc'])
      requests.push({
        label: `${route} sort=${field},${direction}`,
        path: () => `${route}?limit=50&sort=${field},${direction}`,
      });
  const filter = (name: string): Query =>
    name.includes('=') ? () => name : (org) => `${name}=${encodeURIComponent(filters[name](org))}`;
  for (const name of Object.keys(filters)) requests.push(combined(route, [name], filter));
  for (const pair of pairs) requests.push(combined(route, pair, filter));
  return requests;
}

function combined(route: string, names: string[], filter: (name: string) => Query): ListRequest {
  return {
    label: `${route} ${names.map((name) => (name.includes('=') ? name : `${name}=…`)).join(' & ')}`,
    path: (org) => `${route}?limit=50&${names.map((name) => filter(name)(org)).join('&')}`,
  };
}

const middle = (org: SeededOrganization) => Math.floor(org.sessions / 2);
/** An instant after which the newest 2% of the organization's spans (or sessions) started. */
const recent = (org: SeededOrganization) => isoAt(spanSecond(Math.floor(org.sessions * 10 * 0.98)));
const recentSession = (org: SeededOrganization) => isoAt(sessionSecond(Math.floor(org.sessions * 0.98)));
export const early = (org: SeededOrganization) => isoAt(sessionSecond(Math.floor(org.sessions * 0.02)));

/** Every list of the seeded kinds with its filters, sorts and common pairs. */
export const LIST_REQUESTS: readonly ListRequest[] = [
  ...variants(
    '/traces',
    ['createdAt', 'startTime', 'name', 'id'],
    {
      inferenceResultIds: (org) => `${org.tag}-ir-${middle(org)}`,
      sessionIds: (org) => `${org.tag}-se-${middle(org)}`,
      types: () => 'GENERATION',
      name: () => 'step-7',
      names: () => 'step-7',
      parentTraceIds: (org) => `${org.tag}-sp-${middle(org) * 10 + 1}`,
      startTimeAfter: recent,
      startTimeBefore: (org) => early(org),
    },
    [
      ['types', 'sort=startTime,desc'],
      ['names', 'sort=startTime,desc'],
      ['types', 'names'],
      ['sessionIds', 'sort=startTime,asc'],
      ['startTimeAfter', 'sort=startTime,desc'],
      ['types', 'startTimeAfter'],
    ],
  ),
  ...variants(
    '/sessions',
    ['createdAt', 'customId', 'status', 'id'],
    {
      versionIds: (org) => org.versionIds[1],
      testCaseIds: (org) => `${org.tag}-tc-${middle(org) + 1}`,
      customIds: (org) => `c-${middle(org)}`,
      statuses: () => 'FAILED',
      runIds: () => RUN_IDS[3],
      isProduction: () => 'true',
      createdAfter: recentSession,
      createdBefore: early,
    },
    [
      ['versionIds', 'statuses'],
      ['statuses', 'sort=createdAt,asc'],
      ['versionIds', 'isProduction'],
      ['runIds', 'statuses'],
    ],
  ),
  ...variants(
    '/inferenceResults',
    ['createdAt', 'status', 'id'],
    { sessionIds: (org) => `${org.tag}-se-${middle(org)}`, statuses: () => 'FAILED' },
    [['statuses', 'sort=createdAt,asc']],
  ),
  ...variants(
    '/evaluations',
    ['createdAt', 'score', 'evaluatedAt'],
    {
      sessionIds: (org) => `${org.tag}-se-${middle(org)}`,
      inferenceResultIds: (org) => `${org.tag}-ir-${middle(org)}`,
      metricIds: () => METRIC_IDS[2],
      statuses: () => 'FAILED',
      runIds: () => RUN_IDS[3],
      versionIds: (org) => org.versionIds[1],
      testCaseIds: (org) => `${org.tag}-tc-${middle(org) + 1}`,
      canRetry: () => 'true',
      minScore: () => '0.9',
      maxScore: () => '0.1',
      reviewable: () => 'true',
    },
    [
      ['metricIds', 'statuses'],
      ['metricIds', 'statuses=SUCCESS'],
      ['runIds', 'metricIds'],
      ['statuses', 'sort=createdAt,asc'],
      ['metricIds', 'sort=score,desc'],
      ['runIds', 'sort=score,desc'],
      ['reviewable', 'statuses=PENDING_HUMAN'],
    ],
  ),
  ...variants(
    '/testCases',
    ['createdAt', 'id'],
    {
      testIds: (org) => org.datasetIds[1],
      testCaseGroupIds: (org) => `${org.tag}-tg-${middle(org)}`,
      languageCodes: () => 'fr',
      variants: () => 'noisy',
      strategies: () => 'persona',
      includeLegacy: () => 'false',
    },
    [
      ['testIds', 'languageCodes'],
      ['testIds', 'includeLegacy'],
    ],
  ),
];
