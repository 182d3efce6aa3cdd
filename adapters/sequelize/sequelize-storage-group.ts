import type { Model, ModelStatic, Sequelize } from 'sequelize';
import type { Storable } from '../../application/ports/record-store.ts';
import type { RecordKind } from '../shared/record-kind.ts';
import type { DatabaseHandle } from './support/database.ts';
import type { TransactionContext } from './support/transaction-context.ts';

/** A group's models, under the names of the stores they serve. */
type Models = Record<string, ModelStatic<Model>>;

/** A store class over one model of a record kind: SequelizeRecordStore and the classes extending it. */
type StoreClass<T extends Storable, S> = new (
  model: ModelStatic<Model>,
  kind: RecordKind<T>,
  database: DatabaseHandle,
  context: TransactionContext,
) => S;

/** Opens one store over its model; `models` holds the whole group's, for a store that reads other tables too. */
export type OpenStore<S, M extends Models = Models> = (
  model: ModelStatic<Model>,
  database: DatabaseHandle,
  context: TransactionContext,
  models: M,
) => S;

/** Stores of some storage ports, opened on one database and transaction context. */
export type SequelizeStorage<Stores> = (database: DatabaseHandle, context: TransactionContext) => Stores;

/** Opens `Store` over the model of the record kind. */
export const storeOf =
  <T extends Storable, S>(Store: StoreClass<T, S>, kind: RecordKind<T>): OpenStore<S> =>
  (model, database, context) =>
    new Store(model, kind, database, context);

/**
 * The stores of one group of records on SQLite or PostgreSQL: defines the group's models, then opens each store over
 * the model of the same name (a store without a model of its name does not compile).
 */
export function sequelizeStorageGroup<Stores extends object, M extends Record<keyof Stores, ModelStatic<Model>>>(
  defineModels: (sequelize: Sequelize) => M,
  stores: { readonly [K in keyof Stores]: OpenStore<Stores[K], M> },
): SequelizeStorage<Stores> {
  return (database, context) => {
    const models = defineModels(database.sequelize);
    const opened = (Object.keys(stores) as (keyof Stores & string)[]).map((name) => [
      name,
      stores[name](models[name], database, context, models),
    ]);
    return Object.fromEntries(opened) as Stores;
  };
}
