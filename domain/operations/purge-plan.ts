/**
 * Every record the purge deletes for good once soft-deleted long enough. Organizations (and their subscriptions and
 * marketplace operations) are not among them: a deleted organization keeps its data, and purging one is another job.
 */
export const PURGED_RECORDS = [
  'spans',
  'inferenceResults',
  'sessions',
  'evaluations',
  'monitorSessions',
  'alerts',
  'alertRules',
  'monitors',
  'inferenceGenerationItems',
  'launches',
  'runs',
  'generationJobs',
  'testCases',
  'datasets',
  'knowledgeFiles',
  'specifications',
  'versions',
  'metrics',
  'products',
  'userGroupLinks',
  'userGroups',
  'apiKeys',
  'mfaChallenges',
  'users',
  'endpointConnections',
  'repricings',
  'modelPrices',
] as const;

export type PurgedRecord = (typeof PURGED_RECORDS)[number];

/** A reference from one record to another, by the referring record's field holding the other's id. */
export interface PurgeReference {
  readonly record: PurgedRecord;
  readonly field: string;
  /** Soft-deleted referring rows count too (a child kept by a live reference keeps its deleted parent). */
  readonly evenDeleted?: true;
}

/**
 * One step of the purge: rows of `record` soft-deleted before the cutoff, or (with `under`) every row of `record`,
 * deleted or not, whose `under.field` names a row of `under.record` soft-deleted before the cutoff. A row stays while
 * a live (not soft-deleted) row refers to it through one of `keptWhileReferencedBy`: a reader shows it still (or,
 * with `evenDeleted`, while any row does).
 */
export interface PurgeStep {
  readonly record: PurgedRecord;
  readonly under?: PurgeReference;
  readonly keptWhileReferencedBy?: readonly PurgeReference[];
}

const deleted = (record: PurgedRecord, keptWhileReferencedBy?: readonly PurgeReference[]): PurgeStep => ({
  record,
  ...(keptWhileReferencedBy ? { keptWhileReferencedBy } : {}),
});

const under = (
  record: PurgedRecord,
  parent: PurgedRecord,
  field: string,
  keptWhileReferencedBy?: readonly PurgeReference[],
): PurgeStep => ({
  record,
  under: { record: parent, field },
  ...(keptWhileReferencedBy ? { keptWhileReferencedBy } : {}),
});

/** A live evaluation still shows its metric, test case and version to a reviewer; a live session its version and test case. */
const TEST_CASE_READERS: readonly PurgeReference[] = [
  { record: 'evaluations', field: 'testCaseId' },
  { record: 'sessions', field: 'testCaseId' },
];
const VERSION_READERS: readonly PurgeReference[] = [
  { record: 'sessions', field: 'versionId' },
  { record: 'evaluations', field: 'versionId' },
];
const METRIC_READERS: readonly PurgeReference[] = [{ record: 'evaluations', field: 'metricId' }];
/** A test case kept by a live reference keeps its test, so the purge after the reference goes still finds it. */
const TEST_READERS: readonly PurgeReference[] = [{ record: 'testCases', field: 'datasetId', evenDeleted: true }];
/** A deleted alert rule's episodes stay listed under their live monitor, and mail through the rule. */
const ALERT_RULE_READERS: readonly PurgeReference[] = [{ record: 'alerts', field: 'ruleId' }];

/**
 * The purge, step by step. Children go before their parents, and referring records before the records they keep, so
 * a purge cut short leaves nothing the next one cannot find, and a record freed by this sweep's deletions goes in the
 * same sweep. The traces first (a deleted session's spans, evaluations and inference results; a deleted inference
 * result's spans), then monitors, runs, tests, the catalog, people and the rest.
 */
export const PURGE_PLAN: readonly PurgeStep[] = [
  under('spans', 'sessions', 'sessionId'),
  under('evaluations', 'sessions', 'sessionId'),
  under('inferenceResults', 'sessions', 'sessionId'),
  under('spans', 'inferenceResults', 'inferenceResultId'),
  deleted('sessions'),
  deleted('inferenceResults'),
  deleted('spans'),
  deleted('evaluations'),
  under('monitorSessions', 'monitors', 'monitorId'),
  deleted('monitorSessions'),
  under('alerts', 'monitors', 'monitorId'),
  deleted('alerts'),
  under('alertRules', 'monitors', 'monitorId'),
  deleted('alertRules', ALERT_RULE_READERS),
  deleted('monitors'),
  under('inferenceGenerationItems', 'runs', 'runId'),
  deleted('inferenceGenerationItems'),
  under('launches', 'runs', 'runId'),
  deleted('launches'),
  deleted('runs'),
  under('generationJobs', 'datasets', 'datasetId'),
  deleted('generationJobs'),
  under('testCases', 'datasets', 'datasetId', TEST_CASE_READERS),
  deleted('testCases', TEST_CASE_READERS),
  deleted('datasets', TEST_READERS),
  deleted('knowledgeFiles'),
  deleted('specifications'),
  deleted('versions', VERSION_READERS),
  deleted('metrics', METRIC_READERS),
  deleted('products'),
  under('userGroupLinks', 'userGroups', 'userGroupId'),
  deleted('userGroupLinks'),
  deleted('userGroups'),
  under('apiKeys', 'users', 'userId'),
  deleted('apiKeys'),
  under('mfaChallenges', 'users', 'userId'),
  deleted('mfaChallenges'),
  deleted('users'),
  deleted('endpointConnections'),
  deleted('repricings'),
  deleted('modelPrices'),
];
