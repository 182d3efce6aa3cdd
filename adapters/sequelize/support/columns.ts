import { DataTypes, type ModelAttributeColumnOptions } from 'sequelize';

type Column = ModelAttributeColumnOptions;

/** Every column is NOT NULL unless it says `{ nullable: true }`. */
interface ColumnOptions {
  readonly nullable?: boolean;
}

/** Each column gets its own type instance, as Sequelize may adjust one per model. */
const shape =
  (type: () => Column['type']) =>
  ({ nullable = false }: ColumnOptions = {}): Column => ({ type: type(), allowNull: nullable });

/** Column shapes shared by models and migrations, so both describe a field the same way. */
export const column = {
  primaryId: (): Column => ({ type: DataTypes.STRING(80), allowNull: false, primaryKey: true }),
  id: shape(() => DataTypes.STRING(80)),
  string: shape(() => DataTypes.STRING(255)),
  text: shape(() => DataTypes.TEXT),
  boolean: shape(() => DataTypes.BOOLEAN),
  integer: shape(() => DataTypes.INTEGER),
  number: shape(() => DataTypes.DOUBLE),
  json: shape(() => DataTypes.JSON),
  date: shape(() => DataTypes.DATE(3)),
};

/** The columns an organization's record starts with: its own id, then its organization's. */
export const ownedRecord = () => ({ id: column.primaryId(), organizationId: column.id() });

/** The columns a soft-deleted record under optimistic locking ends with, in this order. */
export const recordLifecycle = () => ({
  createdAt: column.date(),
  deletedAt: column.date({ nullable: true }),
  version: column.integer(),
});

/**
 * Ties a table's columns to record `T`: one column per field of `T`, none for a field `T` lacks. A field added to the
 * record without a column (from a new migration) fails to compile where the model is defined.
 */
export const columnsOf =
  <T>() =>
  <C extends Record<string, Column>>(
    columns: C & { readonly [K in keyof T]-?: Column } & { readonly [K in Exclude<keyof C, keyof T>]: never },
  ): C =>
    columns;

export const snakeCase = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
