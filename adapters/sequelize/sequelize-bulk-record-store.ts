import { col, fn, literal } from 'sequelize';
import type { BulkRecordStore } from '../../application/ports/bulk-record-store.ts';
import type { Condition, FieldOf } from '../../application/ports/list-query.ts';
import type { Storable } from '../../application/ports/record-store.ts';
import { assertField } from '../shared/record-kind.ts';
import { SequelizeRecordStore } from './sequelize-record-store.ts';

/** BulkRecordStore over one model: one UPDATE for a cascade, one SELECT DISTINCT for a facet. */
export class SequelizeBulkRecordStore<T extends Storable>
  extends SequelizeRecordStore<T>
  implements BulkRecordStore<T>
{
  /** For the id look-ups (records-by-id.ts): the light read path of this store. */
  readRows(sql: string, parameters: readonly unknown[]) {
    return this.database.rows.select(sql, parameters, this.context.current());
  }

  rowCodec() {
    return this.codec;
  }

  get dialect() {
    return this.database.dialect;
  }

  async softDeleteWhere(scope: string, where: readonly Condition<T>[], deletedAt: string): Promise<number> {
    const [changed] = await this.model.update(
      { deletedAt: new Date(deletedAt), ...(this.kind.versioned ? { version: literal('version + 1') } : {}) },
      { where: this.where(scope, { where }), transaction: this.context.current() },
    );
    return changed;
  }

  async distinctValues(scope: string, field: FieldOf<T>, where: readonly Condition<T>[]): Promise<unknown[]> {
    assertField(this.kind, field);
    const column = this.model.getAttributes()[field]?.field;
    if (!column) throw new Error(`${this.model.name} has no field ${field}`);
    const rows = (await this.model.findAll({
      attributes: [[fn('DISTINCT', col(column)), 'value']],
      where: this.where(scope, { where: [...where, { field, op: 'notNull' }] }),
      order: [[col(column), 'ASC']],
      raw: true,
      transaction: this.context.current(),
    })) as unknown as { value: unknown }[];
    return rows.map((row) => row.value);
  }
}
