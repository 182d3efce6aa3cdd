import type { EvaluationCount, EvaluationStore, SkipOutcome } from '../../application/ports/evaluation-store.ts';
import type { Condition } from '../../application/ports/list-query.ts';
import { applyVerdict, type Evaluation } from '../../domain/evaluation/evaluation.ts';
import { tallyScores, type ScoreTally } from '../../domain/run/metric-summary.ts';
import { bumped } from '../shared/bumped.ts';
import { MemoryBulkRecordStore } from './memory-bulk-record-store.ts';

/** Evaluations in memory; a batch write checks each version with no await in between. */
export class MemoryEvaluationStore extends MemoryBulkRecordStore<Evaluation> implements EvaluationStore {
  async recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]> {
    const written: string[] = [];
    for (const evaluation of evaluations) {
      const stored = this.rows.get(evaluation.id);
      if (!stored || stored.organizationId !== evaluation.organizationId || stored.version !== evaluation.version)
        continue;
      this.put(structuredClone(bumped(evaluation)));
      written.push(evaluation.id);
    }
    return written;
  }

  async countBy(
    scope: string,
    group: 'runId' | 'launchId',
    where: readonly Condition<Evaluation>[],
  ): Promise<Map<string, EvaluationCount>> {
    const sessions = new Map<string, Set<string>>();
    const counts = new Map<string, EvaluationCount>();
    for (const evaluation of this.matching(scope, where)) {
      const key = evaluation[group];
      if (key === null) continue;
      const seen = sessions.get(key) ?? new Set();
      seen.add(evaluation.sessionId);
      sessions.set(key, seen);
      counts.set(key, { evaluations: (counts.get(key)?.evaluations ?? 0) + 1, sessions: seen.size });
    }
    return counts;
  }

  async tallyScores(scope: string, where: readonly Condition<Evaluation>[]): Promise<ScoreTally[]> {
    return tallyScores(this.matching(scope, where));
  }

  async skipPending(
    scope: string,
    where: readonly Condition<Evaluation>[],
    outcome: SkipOutcome,
    now: string,
  ): Promise<number> {
    const pending = this.matching(scope, [...where, { field: 'status', op: 'eq', value: 'PENDING' }]);
    for (const evaluation of pending) this.put(bumped(applyVerdict(evaluation, { kind: 'skipped', ...outcome }, now)));
    return pending.length;
  }
}
