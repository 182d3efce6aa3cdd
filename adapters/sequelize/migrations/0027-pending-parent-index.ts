import type { QueryInterface } from 'sequelize';

/**
 * Brings back the partial index of spans waiting for their parent (0018 dropped it for the wider parent-span index).
 * Every span batch asks whether a stored span waits for one of its ids; the wider index answers that too, but on
 * PostgreSQL, while a table grows faster than its statistics (a burst of ingestion), the planner took the
 * organization's start-time index instead and read every span of the organization per batch (67 ms a batch at
 * 70,000 spans, growing). This index holds only the waiting spans, usually none, so no estimate makes it look dear;
 * a span that does not wait costs its write no index entry here.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query(
    'CREATE INDEX spans_pending_parent_idx ON spans (organization_id, parent_trace_id) WHERE parent_pending = true',
  );
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX spans_pending_parent_idx');
}
