import type { StoragePorts } from '../../application/ports/ports.ts';
import { evaluationKinds, identityKinds } from '../shared/record-kinds.ts';
import { MemoryOrganizationStore } from './memory-organization-store.ts';
import { MemoryEvaluationStore } from './memory-evaluation-store.ts';
import type { MemoryUnitOfWork } from './memory-unit-of-work.ts';

/** The evaluation store of the in-memory world, and organizations with their atomic credit debit. */
export function createMemoryEvaluationStorage(uow: MemoryUnitOfWork): Pick<StoragePorts, 'evaluations' | 'organizations'> {
  return {
    organizations: new MemoryOrganizationStore(identityKinds.organizations, uow),
    evaluations: new MemoryEvaluationStore(evaluationKinds.evaluations, uow),
  };
}
