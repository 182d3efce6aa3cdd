import { DataTypes, type Model, type ModelStatic } from 'sequelize';
import type { Dialect } from './database.ts';

/** How a column's domain value is stored: JSON, a date, a boolean, or as it is. */
export type ColumnKind = 'json' | 'date' | 'boolean' | 'plain';

export interface ModelColumn {
  readonly field: string;
  readonly column: string;
  readonly kind: ColumnKind;
}

const columnsByModel = new WeakMap<ModelStatic<Model>, readonly ModelColumn[]>();

/** The model's fields, their columns, and the kind of value each holds; worked out once per model. */
export function modelColumns(model: ModelStatic<Model>): readonly ModelColumn[] {
  let columns = columnsByModel.get(model);
  if (columns === undefined) {
    columns = Object.entries(model.getAttributes()).map(([field, attribute]) => {
      const type = attribute.type;
      const kind: ColumnKind =
        type instanceof DataTypes.JSON
          ? 'json'
          : type instanceof DataTypes.DATE
            ? 'date'
            : type instanceof DataTypes.BOOLEAN
              ? 'boolean'
              : 'plain';
      return { field, column: attribute.field ?? field, kind };
    });
    columnsByModel.set(model, columns);
  }
  return columns;
}

/** SQLite keeps dates as Sequelize writes them (`YYYY-MM-DD HH:mm:ss.SSS +00:00`) so comparisons and reads agree. */
function sqliteDate(iso: string): string {
  const canonical = iso.length === 24 && iso[10] === 'T' && iso[23] === 'Z' ? iso : new Date(iso).toISOString();
  return `${canonical.slice(0, 10)} ${canonical.slice(11, 23)} +00:00`;
}

/** A domain value as SQLite stores it. */
export function sqliteValue(kind: ColumnKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (kind === 'json') return JSON.stringify(value);
  if (kind === 'date') return sqliteDate(value as string);
  if (kind === 'boolean') return value ? 1 : 0;
  return value;
}

/**
 * A domain value as a bound parameter of the dialect. PostgreSQL takes JSON as text: its driver would write an array
 * as a PostgreSQL array literal.
 */
export function boundValue(dialect: Dialect, kind: ColumnKind, value: unknown): unknown {
  if (dialect === 'sqlite') return sqliteValue(kind, value);
  if (value === null || value === undefined) return null;
  return kind === 'json' ? JSON.stringify(value) : value;
}
