import type { ModelAttributeColumnOptions } from 'sequelize';
import type { Storable } from '../../../application/ports/record-store.ts';
import type { RecordKind } from '../../shared/record-kind.ts';
import { columnsOf } from '../support/columns.ts';
import type { ModelSpec } from '../support/define-model.ts';

type Column = ModelAttributeColumnOptions;

/** Where a record kind is stored: the table its migrations created, and their columns. */
interface RecordTable<T, C extends Record<string, Column>> {
  readonly table: string;
  /** One column per field of the record, as `columnsOf` ties them. */
  readonly columns: C & { readonly [K in keyof T]-?: Column } & { readonly [K in Exclude<keyof C, keyof T>]: never };
}

/**
 * The model of a record kind, named as the kind. A field of the record without a column, or a column without a field,
 * fails to compile here.
 */
export const recordModel = <T extends Storable, C extends Record<string, Column>>(
  kind: RecordKind<T>,
  { table, columns }: RecordTable<T, C>,
): ModelSpec => ({ name: kind.name, table, columns: columnsOf<T>()(columns) });
