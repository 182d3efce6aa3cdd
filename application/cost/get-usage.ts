import { InvalidInput } from '../../domain/errors.ts';
import type { Actor } from '../../domain/identity/role.ts';
import {
  groupUsage,
  parseGroupBy,
  type UsageFilter,
  type UsageLine,
  type UsageRow,
  usageOf,
} from '../../domain/cost/usage.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Condition } from '../ports/list-query.ts';
import { where } from '../ports/list-query.ts';
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
 * either end from the turns themselves.
 */
export class GetUsage {
  constructor(
    private readonly ports: Pick<Ports, 'costLedger' | 'inferenceResults' | 'sessions' | 'versions' | 'clock'>,
  ) {}

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

  /** Turns created in [from, to) (under a day's worth), as rollup rows of one turn each. */
  private async turnRows(scope: string, filter: UsageFilter, from: number, to: number): Promise<UsageRow[]> {
    const range: Condition<InferenceResult>[] = [
      { field: 'createdAt', op: 'gte', value: new Date(from).toISOString() },
      { field: 'createdAt', op: 'lt', value: new Date(to).toISOString() },
    ];
    const turns = await this.ports.inferenceResults.list(scope, { where: range, limit: 10_000_000 });
    const sessionIds = [...new Set(turns.map((turn) => turn.sessionId))];
    if (sessionIds.length === 0) return [];
    const sessions = await this.ports.sessions.list(scope, {
      where: where.in('id', sessionIds),
      limit: sessionIds.length,
    });
    const versionIds = [...new Set(sessions.map((session) => session.versionId))];
    const versions = await this.ports.versions.list(scope, {
      where: where.in('id', versionIds),
      limit: versionIds.length,
    });
    const productOf = new Map(versions.map((version) => [version.id, version.productId]));
    const versionOf = new Map(sessions.map((session) => [session.id, session.versionId]));
    return turns.flatMap((turn) => {
      const versionId = versionOf.get(turn.sessionId);
      const productId = versionId ? productOf.get(versionId) : undefined;
      if (!versionId || !productId) return [];
      const row = usageOf(turn, { productId, versionId }, 1, true);
      const keep =
        (!filter.productIds || filter.productIds.includes(productId)) &&
        (!filter.versionIds || filter.versionIds.includes(versionId)) &&
        (!filter.models || filter.models.includes(row.model));
      return keep ? [row] : [];
    });
  }
}
