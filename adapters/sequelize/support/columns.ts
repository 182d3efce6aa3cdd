import { DataTypes, type ModelAttributeColumnOptions } from 'sequelize';

type Column = ModelAttributeColumnOptions;
const nullable = (type: Column['type'], allowNull: boolean): Column => ({ type, allowNull });

/** Column shapes shared by models and migrations, so both describe a field the same way. */
export const column = {
  primaryId: (): Column => ({ type: DataTypes.STRING(80), allowNull: false, primaryKey: true }),
  id: (allowNull = false) => nullable(DataTypes.STRING(80), allowNull),
  string: (allowNull = false) => nullable(DataTypes.STRING(255), allowNull),
  text: (allowNull = true) => nullable(DataTypes.TEXT, allowNull),
  boolean: (allowNull = false) => nullable(DataTypes.BOOLEAN, allowNull),
  integer: (allowNull = false) => nullable(DataTypes.INTEGER, allowNull),
  number: (allowNull = true) => nullable(DataTypes.DOUBLE, allowNull),
  json: (allowNull = true) => nullable(DataTypes.JSON, allowNull),
  date: (allowNull = true) => nullable(DataTypes.DATE(3), allowNull),
};

export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
