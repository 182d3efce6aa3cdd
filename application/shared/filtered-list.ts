import type { Actor } from '../../domain/identity/role.ts';
import type { Condition } from '../ports/list-query.ts';
import type { RecordStore, Storable } from '../ports/record-store.ts';
import type { Page } from './page.ts';

/**
 * A list use case that only filters: the caller's organization's records of one store that meet every condition
 * the filter gives, in the filter's order and page. A kind's list says only which conditions its filter makes.
 */
export class FilteredList<T extends Storable, F extends Page<T>> {
  constructor(
    private readonly store: Pick<RecordStore<T>, 'list'>,
    private readonly conditions: (filter: F) => readonly Condition<T>[],
  ) {}

  execute(actor: Actor, filter: F): Promise<T[]> {
    return this.store.list(actor.organizationId, { where: this.conditions(filter), ...filter });
  }
}
