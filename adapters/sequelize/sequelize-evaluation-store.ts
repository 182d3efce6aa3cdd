import { col, fn, literal, QueryTypes } from 'sequelize';
import type { EvaluationCount, EvaluationStore, SkipOutcome } from '../../application/ports/evaluation-store.ts';
import type { Condition } from '../../application/ports/list-query.ts';
import type { Evaluation, EvaluationStatus } from '../../domain/evaluation/evaluation.ts';
import type { ScoreTally } from '../../domain/run/metric-summary.ts';
import { snakeCase } from './support/columns.ts';
import { SequelizeBulkRecordStore } from './sequelize-bulk-record-store.ts';
import { jsonRows } from './support/json-bulk-insert.ts';

/** Fields a scoring outcome changes. */
const OUTCOME_FIELDS = ['status', 'score', 'reason', 'error', 'canRetry', 'creditsUsed', 'evaluatedAt'] as const;

/** The SQL form of the domain's `effectiveScore` (a reviewer's score, else the automatic one): the two change together. */
const EFFECTIVE_SCORE = literal('COALESCE(human_score, score)');

const toNumber = (value: unknown): number | null => (value === null || value === undefined ? null : Number(value));

/**
 * Evaluations in SQL; a scored batch is one `INSERT … ON CONFLICT (id) DO UPDATE … WHERE version = stored`
 * statement fed by one bound JSON parameter (PostgreSQL and SQLite alike), so a row changed meanwhile is skipped, never overwritten. Counts and score
 * aggregates are one GROUP BY each; skipping a cancelled launch's PENDING rows is one conditional UPDATE.
 */
export class SequelizeEvaluationStore extends SequelizeBulkRecordStore<Evaluation> implements EvaluationStore {
  async recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]> {
    if (evaluations.length === 0) return [];
    const rows = jsonRows(this.model, this.database.dialect, evaluations);
    const updates = [
      ...OUTCOME_FIELDS.map((field) => `${snakeCase(field)} = EXCLUDED.${snakeCase(field)}`),
      'version = evaluations.version + 1',
    ];
    try {
      const written = await this.database.sequelize.query<{ id: string }>(
        // The leading WITH keeps Sequelize's SQLite driver from treating the statement as a plain insert (it would drop RETURNING rows).
        `WITH outcome AS (SELECT 1) INSERT INTO evaluations (${rows.names}) ${rows.select}
         ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}
         WHERE evaluations.version = EXCLUDED.version AND evaluations.organization_id = EXCLUDED.organization_id
         RETURNING id`,
        { bind: [rows.parameter], type: QueryTypes.SELECT, transaction: this.context.current() },
      );
      return written.map((row) => row.id);
    } catch (error) {
      throw this.translate(error);
    }
  }

  async countBy(
    scope: string,
    group: 'runId' | 'launchId',
    where: readonly Condition<Evaluation>[],
  ): Promise<Map<string, EvaluationCount>> {
    const column = snakeCase(group);
    const rows = (await this.model.findAll({
      attributes: [
        [col(column), 'key'],
        [fn('COUNT', col('id')), 'evaluations'],
        [fn('COUNT', fn('DISTINCT', col('session_id'))), 'sessions'],
      ],
      where: this.where(scope, { where: [...where, { field: group, op: 'notNull' }] }),
      group: [column],
      raw: true,
      transaction: this.context.current(),
    })) as unknown as { key: string; evaluations: unknown; sessions: unknown }[];
    return new Map(
      rows.map((row) => [row.key, { evaluations: Number(row.evaluations), sessions: Number(row.sessions) }]),
    );
  }

  async tallyScores(scope: string, where: readonly Condition<Evaluation>[]): Promise<ScoreTally[]> {
    const rows = (await this.model.findAll({
      attributes: [
        [col('metric_id'), 'metricId'],
        'status',
        [fn('COUNT', col('id')), 'evaluations'],
        [fn('COUNT', EFFECTIVE_SCORE), 'scored'],
        [fn('SUM', EFFECTIVE_SCORE), 'sum'],
        [fn('MIN', EFFECTIVE_SCORE), 'min'],
        [fn('MAX', EFFECTIVE_SCORE), 'max'],
      ],
      where: this.where(scope, { where }),
      group: ['metric_id', 'status'],
      raw: true,
      transaction: this.context.current(),
    })) as unknown as Record<string, unknown>[];
    return rows.map((row) => ({
      metricId: String(row.metricId),
      status: row.status as EvaluationStatus,
      evaluations: Number(row.evaluations),
      scored: Number(row.scored),
      sum: toNumber(row.sum) ?? 0,
      min: toNumber(row.min),
      max: toNumber(row.max),
    }));
  }

  async skipPending(
    scope: string,
    where: readonly Condition<Evaluation>[],
    outcome: SkipOutcome,
    now: string,
  ): Promise<number> {
    const [changed] = await this.model.update(
      {
        status: 'SKIPPED' satisfies EvaluationStatus,
        score: null,
        error: outcome.error,
        canRetry: outcome.canRetry,
        creditsUsed: 0,
        evaluatedAt: new Date(now),
        version: literal('version + 1'),
      },
      {
        where: this.where(scope, { where: [...where, { field: 'status', op: 'eq', value: 'PENDING' }] }),
        transaction: this.context.current(),
      },
    );
    return changed;
  }
}
