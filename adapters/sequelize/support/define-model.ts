import type { Model, ModelAttributeColumnOptions, ModelStatic, Sequelize } from 'sequelize';

export interface ModelSpec {
  /** The model's name in Sequelize. */
  readonly name: string;
  /** The table the migrations created. */
  readonly table: string;
  /** The camelCase fields and their column shapes (snake_case in the table). */
  readonly columns: Record<string, ModelAttributeColumnOptions>;
}

/** A model over a table made by migrations: snake_case columns, timestamps kept by the domain. */
export function defineModel(sequelize: Sequelize, { name, table, columns }: ModelSpec): ModelStatic<Model> {
  const copies = Object.fromEntries(Object.entries(columns).map(([field, options]) => [field, { ...options }]));
  return sequelize.define(name, copies, {
    tableName: table,
    underscored: true,
    timestamps: false,
    freezeTableName: true,
  });
}

/** One model per spec, under the spec's key. */
export function defineModels<K extends string>(
  sequelize: Sequelize,
  specs: Record<K, ModelSpec>,
): Record<K, ModelStatic<Model>> {
  const entries = Object.entries<ModelSpec>(specs).map(([key, spec]) => [key, defineModel(sequelize, spec)]);
  return Object.fromEntries(entries) as Record<K, ModelStatic<Model>>;
}
