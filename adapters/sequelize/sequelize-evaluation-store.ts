import { QueryTypes } from 'sequelize';
import type { EvaluationStore } from '../../application/ports/evaluation-store.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import { snakeCase } from './support/columns.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';

/** Fields a scoring outcome changes. */
const OUTCOME_FIELDS = ['status', 'score', 'reason', 'error', 'canRetry', 'creditsUsed', 'evaluatedAt'] as const;

/**
 * Evaluations in SQL; a scored batch is one `INSERT … ON CONFLICT (id) DO UPDATE … WHERE version = stored`
 * statement (PostgreSQL and SQLite alike), so a row changed meanwhile is skipped, never overwritten.
 */
export class SequelizeEvaluationStore extends SequelizeRecordStore<Evaluation> implements EvaluationStore {
  async recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]> {
    if (evaluations.length === 0) return [];
    const attributes = this.model.getAttributes();
    const fields = Object.keys(attributes);
    const generator = this.database.sequelize.getQueryInterface().queryGenerator as {
      escape(value: unknown, field?: unknown): string;
    };
    const literal = (field: string, value: unknown): string => {
      if (value === null || value === undefined) return 'NULL';
      const type = String(attributes[field].type);
      if (type.startsWith('DATETIME') || type.startsWith('TIMESTAMP'))
        return generator.escape(new Date(value as string));
      if (type === 'JSON' || type === 'JSONB') return generator.escape(JSON.stringify(value));
      return generator.escape(value);
    };
    const rows = evaluations.map(
      (evaluation) =>
        `(${fields.map((field) => literal(field, (evaluation as unknown as Record<string, unknown>)[field])).join(', ')})`,
    );
    const updates = [
      ...OUTCOME_FIELDS.map((field) => `${snakeCase(field)} = EXCLUDED.${snakeCase(field)}`),
      'version = evaluations.version + 1',
    ];
    const written = await this.database.sequelize.query<{ id: string }>(
      // The leading WITH keeps Sequelize's SQLite driver from treating the statement as a plain insert (it would drop RETURNING rows).
      `WITH outcome AS (SELECT 1) INSERT INTO evaluations (${fields.map(snakeCase).join(', ')}) VALUES ${rows.join(', ')}
       ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}
       WHERE evaluations.version = EXCLUDED.version AND evaluations.organization_id = EXCLUDED.organization_id
       RETURNING id`,
      { type: QueryTypes.SELECT, transaction: this.context.current() },
    );
    return written.map((row) => row.id);
  }
}
