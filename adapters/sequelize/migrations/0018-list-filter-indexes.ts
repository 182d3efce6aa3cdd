import type { QueryInterface } from 'sequelize';
import { snakeCase } from '../support/columns.ts';

/** An index by its table and camelCase fields; its name is derived as createIndex derives it. */
type IndexSpec = readonly [table: string, fields: readonly string[]];

const byOrganization = (table: string, field: string): IndexSpec => [
  table,
  ['organizationId', field, 'createdAt', 'id'],
];

/**
 * (organization, field, createdAt, id) for each list filter that selects few rows and each sort field: the filter
 * under the default order (newest first, then the id) and the sort (whose ties go by creation time, then id:
 * orderKeys) both read the index in order, so a page reads the rows it shows wherever they sit in a big
 * organization. Filters on a handful of values that many rows share (span type, statuses, test case language) are
 * left to the default order's index, which meets a page's rows at the same pace at any size: every index on `spans`
 * slows span ingestion, which pays for each one on every row. Sorting by id alone gets (organization, id) where the
 * primary key is the id alone.
 */
const ADDED: readonly IndexSpec[] = [
  byOrganization('spans', 'inferenceResultId'),
  byOrganization('spans', 'sessionId'),
  byOrganization('spans', 'parentTraceId'),
  byOrganization('spans', 'name'),
  byOrganization('spans', 'startTime'),
  byOrganization('sessions', 'versionId'),
  byOrganization('sessions', 'testCaseId'),
  byOrganization('sessions', 'runId'),
  byOrganization('sessions', 'status'),
  byOrganization('sessions', 'customId'),
  ['sessions', ['organizationId', 'id']],
  byOrganization('inference_results', 'sessionId'),
  byOrganization('inference_results', 'status'),
  ['inference_results', ['organizationId', 'id']],
  byOrganization('evaluations', 'sessionId'),
  byOrganization('evaluations', 'inferenceResultId'),
  byOrganization('evaluations', 'metricId'),
  byOrganization('evaluations', 'status'),
  byOrganization('evaluations', 'runId'),
  byOrganization('evaluations', 'versionId'),
  byOrganization('evaluations', 'testCaseId'),
  byOrganization('evaluations', 'score'),
  byOrganization('evaluations', 'evaluatedAt'),
  byOrganization('test_cases', 'datasetId'),
  byOrganization('test_cases', 'testCaseGroupId'),
  ['test_cases', ['organizationId', 'id']],
];

/** Indexes the new ones make redundant (their prefix, or a partial one the wider index serves), and their definition. */
const REPLACED: readonly (readonly [name: string, definition: string])[] = [
  ['spans_organization_id_inference_result_id_idx', 'spans (organization_id, inference_result_id)'],
  ['spans_organization_id_session_id_idx', 'spans (organization_id, session_id)'],
  ['spans_pending_parent_idx', 'spans (organization_id, parent_trace_id) WHERE parent_pending = true'],
  ['spans_retention_idx', 'spans (organization_id, start_time) WHERE start_time IS NOT NULL'],
  ['sessions_organization_id_version_id_idx', 'sessions (organization_id, version_id)'],
  ['inference_results_organization_id_session_id_idx', 'inference_results (organization_id, session_id)'],
  ['test_cases_organization_id_test_id_idx', 'test_cases (organization_id, dataset_id)'],
];

const nameOf = ([table, fields]: IndexSpec) => `${table}_${fields.map(snakeCase).join('_')}_idx`;

/**
 * Every list filter that selects few rows, and every sort, is served by an index leading with the organization
 * (docs/performance.md, "Lists at scale"): the first page costs the same at ten thousand rows and at a million.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const spec of ADDED) {
    const [name, table, columns] = [nameOf(spec), spec[0], spec[1].map(snakeCase).join(', ')];
    await queryInterface.sequelize.query(`CREATE INDEX ${name} ON ${table} (${columns})`);
  }
  for (const [name] of REPLACED) await queryInterface.sequelize.query(`DROP INDEX ${name}`);
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [name, definition] of REPLACED)
    await queryInterface.sequelize.query(`CREATE INDEX ${name} ON ${definition}`);
  for (const name of ADDED.map(nameOf)) await queryInterface.sequelize.query(`DROP INDEX ${name}`);
}
