import { InvalidInput } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { groupUsage, parseGroupBy, type UsageFilter, type UsageLine, type UsageRow } from '../../domain/cost/usage.ts';
import type { Ports } from '../ports/ports.ts';

export interface UsageQuery extends UsageFilter {
  /** Inclusive, an ISO timestamp (a date is its midnight UTC); default 30 days before `to`. */
  readonly from?: string;
  /** Exclusive, an ISO timestamp; default the end of today (UTC), so the default range is 30 whole days. */
  readonly to?: string;
  readonly groupBy: string;
}

const DAY_MS = 86_400_000;
/** The longest range one request sums (in days). */
export const USAGE_RANGE_DAYS = 400;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const midnight = (ms: number) => Math.floor(ms / DAY_MS) * DAY_MS;

/**
 * The organization's usage in [from, to) grouped by day, version and/or model: whole UTC days from the rollups (one
 * row per day, version and model, so the answer's cost does not grow with the turns stored), the partial days at
 * either end summed from the turns themselves (deleted ones too, as the rollups count them) by the store.
 */
export class GetUsage {
  constructor(private readonly ports: Pick<Ports, 'costLedger' | 'clock'>) {}

  async execute(actor: Actor, query: UsageQuery): Promise<UsageLine[]> {
    const groups = parseGroupBy(query.groupBy);
    const to = query.to ? Date.parse(query.to) : midnight(Date.parse(this.ports.clock.now())) + DAY_MS;
    const from = query.from ? Date.parse(query.from) : to - 30 * DAY_MS;
    if (!(from < to)) throw InvalidInput.of('from', 'must be before to');
    if (to - from > USAGE_RANGE_DAYS * DAY_MS)
      throw InvalidInput.of('to', `must be at most ${USAGE_RANGE_DAYS} days after from`);
    const scope = actor.organizationId;
    const firstWhole = midnight(from) === from ? from : midnight(from) + DAY_MS;
    const endWhole = midnight(to);
    const rows: UsageRow[] = [];
    if (firstWhole < endWhole)
      rows.push(
        ...(await this.ports.costLedger.usageRows(scope, {
          ...query,
          fromDay: dayOf(firstWhole),
          toDay: dayOf(endWhole),
        })),
      );
    if (firstWhole >= endWhole) rows.push(...(await this.turnRows(scope, query, from, to)));
    else {
      if (from < firstWhole) rows.push(...(await this.turnRows(scope, query, from, firstWhole)));
      if (endWhole < to) rows.push(...(await this.turnRows(scope, query, endWhole, to)));
    }
    return groupUsage(rows, groups);
  }

  /** Turns created in [from, to) (under a day's worth), summed per day, version and model by the store. */
  private turnRows(scope: string, filter: UsageFilter, from: number, to: number): Promise<UsageRow[]> {
    return this.ports.costLedger.turnUsage(scope, {
      productIds: filter.productIds,
      versionIds: filter.versionIds,
      models: filter.models,
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });
  }
}
