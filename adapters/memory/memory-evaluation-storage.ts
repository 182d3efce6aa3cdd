import type { StoragePorts } from '../../application/ports/ports.ts';
import { evaluationKinds } from '../shared/record-kinds/evaluation-kinds.ts';
import { MemoryEvaluationStore } from './memory-evaluation-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The evaluation store of the in-memory world. */
export function createMemoryEvaluationStorage(
  uow: MemoryUnitOfWork,
): Pick<StoragePorts, 'evaluations'> & { readonly evaluations: MemoryEvaluationStore } {
  return {
    evaluations: new MemoryEvaluationStore(evaluationKinds.evaluations, uow),
  };
}
