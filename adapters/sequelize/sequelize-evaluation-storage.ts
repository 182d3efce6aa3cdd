import type { StoragePorts } from '../../application/ports/ports.ts';
import { evaluationKinds, identityKinds } from '../shared/record-kinds.ts';
import { defineEvaluationModels } from './models/evaluation-models.ts';
import { defineIdentityModels } from './models/identity-models.ts';
import { SequelizeOrganizationStore } from './sequelize-organization-store.ts';
import { SequelizeEvaluationStore } from './sequelize-evaluation-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The evaluation store on SQLite or PostgreSQL, and organizations with their atomic credit debit. */
export function createSequelizeEvaluationStorage(database: DatabaseHandle, context: TransactionContext): Pick<StoragePorts, 'evaluations' | 'organizations'> {
  const models = defineEvaluationModels(database.sequelize);
  const organizations = database.sequelize.models.Organization ?? defineIdentityModels(database.sequelize).organizations;
  return {
    organizations: new SequelizeOrganizationStore(organizations, identityKinds.organizations, database, context),
    evaluations: new SequelizeEvaluationStore(models.evaluations, evaluationKinds.evaluations, database, context),
  };
}
