import type { EvaluationStore } from '../../application/ports/evaluation-store.ts';
import type { Evaluation } from '../../domain/evaluation/evaluation.ts';
import { MemoryRecordStore } from './memory-record-store.ts';

/** Evaluations in memory; a batch write checks each version with no await in between. */
export class MemoryEvaluationStore extends MemoryRecordStore<Evaluation> implements EvaluationStore {
  async recordOutcomes(evaluations: readonly Evaluation[]): Promise<string[]> {
    const written: string[] = [];
    for (const evaluation of evaluations) {
      const stored = this.rows.get(evaluation.id);
      if (!stored || stored.organizationId !== evaluation.organizationId || stored.version !== evaluation.version)
        continue;
      this.put(
        structuredClone({ ...evaluation, version: evaluation.version + 1 }) as unknown as Record<string, unknown>,
      );
      written.push(evaluation.id);
    }
    return written;
  }
}
