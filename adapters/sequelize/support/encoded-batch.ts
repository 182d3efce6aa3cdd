import type { Model, ModelStatic } from 'sequelize';
import type { Dialect } from './database.ts';
import { encodePgInsert, type PgInsertStatement, type PgRunner, pgJsonInsert } from './pg-json-insert.ts';
import {
  encodeSqliteInsert,
  type SqliteInsertStatement,
  type SqliteRunner,
  sqliteBoundInsert,
} from './sqlite-bound-insert.ts';

/** A batch encoded for the hot-path insert of its database (existing ids ignored). */
export type EncodedBatch =
  | { readonly dialect: 'sqlite'; readonly statements: readonly SqliteInsertStatement[] }
  | { readonly dialect: 'postgres'; readonly statement: PgInsertStatement };

/** Encodes a batch (at least one record) for its database's hot-path insert. */
export function encodeBatch(model: ModelStatic<Model>, dialect: Dialect, records: readonly object[]): EncodedBatch {
  return dialect === 'sqlite'
    ? { dialect, statements: encodeSqliteInsert(model, records) }
    : { dialect, statement: encodePgInsert(model, records) };
}

/** Whether the batch is one statement, atomic without a transaction around it. */
export const singleStatement = (batch: EncodedBatch) => batch.dialect === 'postgres' || batch.statements.length === 1;

/** Runs an encoded batch on a driver connection of its database; answers the rows written (stored ids ignored). */
export function insertEncoded(batch: EncodedBatch, connection: unknown): Promise<number> {
  return batch.dialect === 'sqlite'
    ? sqliteBoundInsert(batch.statements, connection as SqliteRunner)
    : pgJsonInsert(batch.statement, connection as PgRunner);
}
