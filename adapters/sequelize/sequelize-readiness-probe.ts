import { QueryTypes } from 'sequelize';
import type { ReadinessProbe } from '../../application/ports/readiness-probe.ts';
import { MIGRATIONS_TABLE } from './migrator.ts';
import { migrations } from './migrations/index.ts';
import type { DatabaseHandle } from './support/database.ts';

/** Ready when the database answers a query and every migration this code knows has been applied. */
export class SequelizeReadinessProbe implements ReadinessProbe {
  constructor(private readonly database: DatabaseHandle) {}

  async check(): Promise<readonly string[]> {
    try {
      await this.database.sequelize.query('SELECT 1', { type: QueryTypes.SELECT });
    } catch {
      return ['the database does not answer'];
    }
    let applied: Set<string>;
    try {
      const rows = await this.database.sequelize.query<{ name: string }>(`SELECT name FROM ${MIGRATIONS_TABLE}`, {
        type: QueryTypes.SELECT,
      });
      applied = new Set(rows.map((row) => row.name));
    } catch {
      return ['the database has no migrations applied (run npm run migrate)'];
    }
    const pending = migrations.map((migration) => migration.name).filter((name) => !applied.has(name));
    return pending.length > 0 ? [`migrations not applied: ${pending.join(', ')} (run npm run migrate)`] : [];
  }
}
