import { Model, type ModelAttributeColumnOptions, type ModelStatic, type Sequelize } from 'sequelize';

/** A model over a table made by migrations: snake_case columns, timestamps kept by the domain. */
export function defineModel(
  sequelize: Sequelize,
  name: string,
  tableName: string,
  attributes: Record<string, ModelAttributeColumnOptions>,
): ModelStatic<Model> {
  const copies = Object.fromEntries(Object.entries(attributes).map(([field, options]) => [field, { ...options }]));
  return sequelize.define(name, copies, { tableName, underscored: true, timestamps: false, freezeTableName: true });
}
