import type { ModelAttributeColumnOptions, QueryInterface } from 'sequelize';
import { column, snakeCase } from '../support/columns.ts';
import { createIndex, createTable } from '../support/migration-helpers.ts';
import { tables as tracing } from './0003-tracing.ts';

const { id: _id, organizationId: _organizationId, ...spanFields } = tracing.spans;

/** The tables and columns as this migration leaves them; models build on these. */
export const tables = {
  /** Span ids are unique per organization: the primary key is (organization_id, id). */
  spans: { organizationId: column.primaryId(), id: column.primaryId(), ...spanFields },
  /** Ids of refused spans already counted in an inference result's `dropped_span_count`, so a re-send counts once. */
  droppedSpanIds: {
    organizationId: column.primaryId(),
    spanId: column.primaryId(),
    inferenceResultId: column.id(),
    createdAt: column.date(),
  },
};

/** The indexes of `spans`, recreated with the table on SQLite. */
async function spanIndexes(queryInterface: QueryInterface): Promise<void> {
  await createIndex(queryInterface, 'spans', ['organizationId', 'inferenceResultId']);
  await createIndex(queryInterface, 'spans', ['organizationId', 'sessionId']);
  await queryInterface.sequelize.query(
    'CREATE INDEX spans_pending_parent_idx ON spans (organization_id, parent_trace_id) WHERE parent_pending = true',
  );
}

/** SQLite cannot change a primary key in place: the table is rebuilt with its rows and indexes. */
async function rebuildSpans(
  queryInterface: QueryInterface,
  fields: Record<string, ModelAttributeColumnOptions>,
): Promise<void> {
  const columns = Object.keys(fields).map(snakeCase).join(', ');
  await createTable(queryInterface, 'spans_rebuilt', fields);
  await queryInterface.sequelize.query(`INSERT INTO spans_rebuilt (${columns}) SELECT ${columns} FROM spans`);
  await queryInterface.dropTable('spans');
  await queryInterface.sequelize.query('ALTER TABLE spans_rebuilt RENAME TO spans');
  await spanIndexes(queryInterface);
}

/**
 * Span ids become unique per organization instead of across all of them, so one organization taking an id first
 * neither blocks nor reveals another's; and refused span ids are remembered so re-sends count once.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  if (queryInterface.sequelize.getDialect() === 'postgres') {
    await queryInterface.sequelize.query(
      'ALTER TABLE spans DROP CONSTRAINT spans_pkey, ADD PRIMARY KEY (organization_id, id)',
    );
  } else {
    await rebuildSpans(queryInterface, tables.spans);
  }
  await createTable(queryInterface, 'dropped_span_ids', tables.droppedSpanIds);
}

/** Back to global span ids; fails if two organizations have come to hold the same id. */
export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.dropTable('dropped_span_ids');
  if (queryInterface.sequelize.getDialect() === 'postgres') {
    await queryInterface.sequelize.query('ALTER TABLE spans DROP CONSTRAINT spans_pkey, ADD PRIMARY KEY (id)');
  } else {
    await rebuildSpans(queryInterface, tracing.spans);
  }
}
