import type { QueryInterface } from 'sequelize';
import { column, snakeCase } from '../support/columns.ts';

/** The columns this migration adds to `alerts`: which transition was mailed, and the mail still owed. */
export const alertColumns = {
  notifiedStatus: column.string({ nullable: true }),
  mailPending: { ...column.boolean(), defaultValue: false },
  mailAttempts: { ...column.integer(), defaultValue: 0 },
  mailAttemptedAt: column.date({ nullable: true }),
};

/**
 * At most one OPEN alert per rule, enforced by the database (a partial unique index: two workers evaluating one rule
 * at once cannot both open an episode), and the state of each episode's mail so a refused mail is sent again later.
 */
export async function up({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  for (const [name, options] of Object.entries(alertColumns))
    await queryInterface.addColumn('alerts', snakeCase(name), { ...options });
  await queryInterface.sequelize.query(
    "CREATE UNIQUE INDEX alerts_rule_id_open_unique ON alerts (rule_id) WHERE status = 'OPEN' AND deleted_at IS NULL",
  );
  await queryInterface.sequelize.query(
    'CREATE INDEX alerts_organization_id_rule_id_mail_pending_idx ON alerts (organization_id, rule_id, mail_pending)',
  );
}

export async function down({ context: queryInterface }: { context: QueryInterface }): Promise<void> {
  await queryInterface.sequelize.query('DROP INDEX alerts_organization_id_rule_id_mail_pending_idx');
  await queryInterface.sequelize.query('DROP INDEX alerts_rule_id_open_unique');
  for (const name of Object.keys(alertColumns)) await queryInterface.removeColumn('alerts', snakeCase(name));
}
