import type { Model, ModelStatic } from 'sequelize';
import { type ColumnKind, modelColumns } from './column-values.ts';
import type { Dialect } from './database.ts';

type Decode = (value: unknown) => unknown;

const asIs: Decode = (value) => value;
/** SQLite keeps dates as text (`2026-01-01 10:00:00.000 +00:00`), PostgreSQL hands them over as Date objects. */
const date: Decode = (value) => (value === null ? null : new Date(value as string | Date).toISOString());
/** SQLite keeps JSON as text (PostgreSQL's driver has parsed it already). */
const json: Decode = (value) => (value === null ? null : JSON.parse(value as string));
/** SQLite keeps booleans as 0 and 1. */
const boolean: Decode = (value) => (value === null ? null : Boolean(value));

/** How a stored value of each kind reads back on the dialect (PostgreSQL's driver parses JSON and booleans itself). */
function decoderOf(kind: ColumnKind, dialect: Dialect): Decode {
  if (kind === 'date') return date;
  if (dialect === 'sqlite' && kind === 'json') return json;
  if (dialect === 'sqlite' && kind === 'boolean') return boolean;
  return asIs;
}

interface Column {
  readonly field: string;
  readonly column: string;
  readonly decode: Decode;
}

/**
 * How one model's rows read back as domain records without building model instances: the column of each field
 * and how its stored value becomes the domain value (what `toRecord` gives from an instance).
 */
export class RowCodec<T> {
  readonly table: string;
  private readonly columns: readonly Column[];

  constructor(model: ModelStatic<Model>, dialect: Dialect) {
    this.table = model.getTableName() as string;
    this.columns = modelColumns(model).map(({ field, column, kind }) => ({
      field,
      column,
      decode: decoderOf(kind, dialect),
    }));
  }

  /** The quoted column name of a field. */
  column(field: string): string {
    const found = this.columns.find((column) => column.field === field);
    if (!found) throw new Error(`${this.table} has no field ${field}`);
    return `"${found.column}"`;
  }

  /** The select list, each column under `<alias>.` (`"k"."id" AS "k.id"`) so several tables can share a row. */
  selectList(alias: string): string {
    return this.columns.map(({ column }) => `"${alias}"."${column}" AS "${alias}.${column}"`).join(', ');
  }

  /** The record in a row read with `selectList(alias)`; null when the row has none (an outer join found nothing). */
  decode(row: Record<string, unknown>, alias: string): T | null {
    if (row[`${alias}.id`] === null || row[`${alias}.id`] === undefined) return null;
    const record: Record<string, unknown> = {};
    for (const { field, column, decode } of this.columns) record[field] = decode(row[`${alias}.${column}`]);
    return record as T;
  }

  /** The record in a raw row keyed by field name (what `findAll({ raw: true })` gives). */
  /** One field's value as the record holds it, from its raw column value. */
  decodeField<F extends keyof T & string>(field: F, value: unknown): T[F] {
    const column = this.columns.find((candidate) => candidate.field === field);
    if (!column) throw new Error(`no field ${field}`);
    return column.decode(value) as T[F];
  }

  decodeFields(row: Record<string, unknown>): T {
    const record: Record<string, unknown> = {};
    for (const { field, decode } of this.columns) record[field] = decode(row[field]);
    return record as T;
  }
}
