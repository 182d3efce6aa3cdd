import type { Actor } from '../../domain/identity/role.ts';
import type { Condition } from '../ports/list-query.ts';
import type { RecordStore, Storable } from '../ports/record-store.ts';
import type { Page } from './page.ts';

/** What a list answers for the records it found: by default the records themselves. */
type View<T, V> = (records: T[], scope: string) => V[] | Promise<V[]>;

/**
 * A list use case that only filters: the caller's organization's records of one store that meet every condition
 * the filter gives, in the filter's order and page, shown as `view` shows them. A kind's list says only which
 * conditions its filter makes (and, when it answers views, how they are made).
 */
export class FilteredList<T extends Storable, F extends Page<T>, V = T> {
  constructor(
    private readonly store: Pick<RecordStore<T>, 'list'>,
    private readonly conditions: (filter: F) => readonly Condition<T>[],
    private readonly view: View<T, V> = (records) => records as unknown as V[],
  ) {}

  async execute(actor: Actor, filter: F): Promise<V[]> {
    const records = await this.store.list(actor.organizationId, { where: this.conditions(filter), ...filter });
    return this.view(records, actor.organizationId);
  }
}
