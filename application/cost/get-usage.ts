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
const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
/** The longest range one request sums (in days). */
export const USAGE_RANGE_DAYS = 400;

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const floorTo = (ms: number, unit: number) => Math.floor(ms / unit) * unit;
const ceilTo = (ms: number, unit: number) => Math.ceil(ms / unit) * unit;

/**
 * The organization's usage in [from, to) grouped by day, version and/or model, in four layers so that the answer's
 * cost does not grow with the turns stored: whole UTC days from the daily rollups, the whole hours of a partial day at
 * either end from the hourly rollups, the whole minutes of a partial hour from the minute rollups, and only the partial
 * minutes at the very ends (at most two) summed from the turns themselves (deleted ones too, as the rollups count
 * them) by the store.
 */
export class GetUsage {
  constructor(private readonly ports: Pick<Ports, 'costLedger' | 'clock'>) {}

  async execute(actor: Actor, query: UsageQuery): Promise<UsageLine[]> {
    const groups = parseGroupBy(query.groupBy);
    const to = query.to ? Date.parse(query.to) : floorTo(Date.parse(this.ports.clock.now()), DAY_MS) + DAY_MS;
    const from = query.from ? Date.parse(query.from) : to - 30 * DAY_MS;
    if (!(from < to)) throw InvalidInput.of('from', 'must be before to');
    if (to - from > USAGE_RANGE_DAYS * DAY_MS)
      throw InvalidInput.of('to', `must be at most ${USAGE_RANGE_DAYS} days after from`);
    const scope = actor.organizationId;
    const firstWholeDay = ceilTo(from, DAY_MS);
    const endWholeDay = floorTo(to, DAY_MS);
    const rows: UsageRow[] = [];
    if (firstWholeDay < endWholeDay)
      rows.push(
        ...(await this.ports.costLedger.usageRows(scope, {
          ...filterOf(query),
          fromDay: dayOf(firstWholeDay),
          toDay: dayOf(endWholeDay),
        })),
      );
    // The partial days, each within one UTC day: [from, first midnight) and [last midnight, to), or all of [from, to).
    const partDays: [number, number][] =
      firstWholeDay <= endWholeDay
        ? [
            [from, firstWholeDay],
            [endWholeDay, to],
          ]
        : [[from, to]];
    for (const [start, end] of partDays)
      if (start < end) rows.push(...(await this.partOfDay(scope, query, start, end)));
    return groupUsage(rows, groups);
  }

  /** Usage in [start, end), within one UTC day: its whole hours from the hourly rollups, the rest by the minute. */
  private async partOfDay(scope: string, filter: UsageFilter, start: number, end: number): Promise<UsageRow[]> {
    const firstWholeHour = ceilTo(start, HOUR_MS);
    const endWholeHour = floorTo(end, HOUR_MS);
    if (firstWholeHour >= endWholeHour) return this.partOfHours(scope, filter, start, end);
    const midnight = floorTo(start, DAY_MS);
    const rows: UsageRow[] = await this.ports.costLedger.hourlyUsageRows(scope, {
      ...filterOf(filter),
      day: dayOf(midnight),
      fromHour: (firstWholeHour - midnight) / HOUR_MS,
      toHour: (endWholeHour - midnight) / HOUR_MS,
    });
    if (start < firstWholeHour) rows.push(...(await this.partOfHour(scope, filter, start, firstWholeHour)));
    if (endWholeHour < end) rows.push(...(await this.partOfHour(scope, filter, endWholeHour, end)));
    return rows;
  }

  /** Usage in [start, end) with no whole hour inside, within one day: at most two partial hours (split at the hour). */
  private async partOfHours(scope: string, filter: UsageFilter, start: number, end: number): Promise<UsageRow[]> {
    const hour = floorTo(end - 1, HOUR_MS);
    if (hour <= start) return this.partOfHour(scope, filter, start, end);
    return [
      ...(await this.partOfHour(scope, filter, start, hour)),
      ...(await this.partOfHour(scope, filter, hour, end)),
    ];
  }

  /** Usage in [start, end), within one UTC hour: its whole minutes from the minute rollups, the rest from the turns. */
  private async partOfHour(scope: string, filter: UsageFilter, start: number, end: number): Promise<UsageRow[]> {
    const firstWholeMinute = ceilTo(start, MINUTE_MS);
    const endWholeMinute = floorTo(end, MINUTE_MS);
    if (firstWholeMinute >= endWholeMinute) return this.turnRows(scope, filter, start, end);
    const hour = floorTo(start, HOUR_MS);
    const midnight = floorTo(start, DAY_MS);
    const rows: UsageRow[] = await this.ports.costLedger.minuteUsageRows(scope, {
      ...filterOf(filter),
      day: dayOf(midnight),
      hour: (hour - midnight) / HOUR_MS,
      fromMinute: (firstWholeMinute - hour) / MINUTE_MS,
      toMinute: (endWholeMinute - hour) / MINUTE_MS,
    });
    if (start < firstWholeMinute) rows.push(...(await this.turnRows(scope, filter, start, firstWholeMinute)));
    if (endWholeMinute < end) rows.push(...(await this.turnRows(scope, filter, endWholeMinute, end)));
    return rows;
  }

  /** Turns created in [from, to) (under a minute's worth), summed per day, version and model by the store. */
  private turnRows(scope: string, filter: UsageFilter, from: number, to: number): Promise<UsageRow[]> {
    return this.ports.costLedger.turnUsage(scope, {
      ...filterOf(filter),
      from: new Date(from).toISOString(),
      to: new Date(to).toISOString(),
    });
  }
}

/** The query's filter lists alone. */
const filterOf = (filter: UsageFilter): UsageFilter => ({
  productIds: filter.productIds,
  versionIds: filter.versionIds,
  models: filter.models,
});
