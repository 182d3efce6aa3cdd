import type { StoragePorts } from '../../application/ports/ports.ts';
import { evaluationKinds } from '../shared/record-kinds/evaluation-kinds.ts';
import { defineEvaluationModels } from './models/evaluation-models.ts';
import { SequelizeEvaluationStore } from './sequelize-evaluation-store.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** The evaluation store on SQLite or PostgreSQL. */
export function createSequelizeEvaluationStorage(
  database: DatabaseHandle,
  context: TransactionContext,
): Pick<StoragePorts, 'evaluations'> {
  const models = defineEvaluationModels(database.sequelize);
  return {
    evaluations: new SequelizeEvaluationStore(models.evaluations, evaluationKinds.evaluations, database, context),
  };
}
