import type { Version } from '../../domain/catalog/version.ts';
import { changesPrice, withArrivedSpans, spanReports } from '../../domain/cost/span-reports.ts';
import { priceTurn, type SpanReport } from '../../domain/cost/turn-pricing.ts';
import { usageDeltas, usageOf } from '../../domain/cost/usage.ts';
import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Span } from '../../domain/tracing/span.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import { loadVisibleModels } from './visible-models.ts';

export type PricingPorts = Pick<
  Ports,
  'sessions' | 'versions' | 'modelPrices' | 'inferenceResults' | 'costLedger' | 'patterns'
>;

/** Where the turns of one organization sit: each session's version, each version's product and model. */
async function placesOf(ports: PricingPorts, scope: string, results: readonly InferenceResult[]) {
  const sessionIds = [...new Set(results.map((result) => result.sessionId))];
  const sessions = await ports.sessions.list(scope, { where: where.in('id', sessionIds), limit: sessionIds.length });
  const versionIds = [...new Set(sessions.map((session) => session.versionId))];
  const versions = await ports.versions.list(scope, { where: where.in('id', versionIds), limit: versionIds.length });
  const versionById = new Map(versions.map((version) => [version.id, version]));
  const versionOf = new Map<string, Version>();
  for (const session of sessions) {
    const version = versionById.get(session.versionId);
    if (version) versionOf.set(session.id, version);
  }
  return versionOf;
}

/**
 * Prices turns of one organization (`scope`) and grows the usage rollups by what changed, in the caller's
 * transaction: new turns (`created`, not yet stored: the caller inserts what this answers) count once; stored ones
 * are updated when their price, usage or model changed. `spans` reads their GENERATION spans first; `reports` gives
 * them instead.
 */
export async function priceTurns(
  ports: PricingPorts,
  scope: string,
  results: readonly InferenceResult[],
  {
    created,
    spans,
    changed,
    reports: given,
  }: {
    created: boolean;
    spans: boolean;
    changed?: readonly InferenceResult[];
    /** The turns' span reports when the caller knows them (`spans` false). */
    reports?: ReadonlyMap<string, SpanReport>;
  },
): Promise<InferenceResult[]> {
  if (results.length === 0) return [];
  const [versionOf, models] = await Promise.all([placesOf(ports, scope, results), loadVisibleModels(ports, scope)]);
  const reports: ReadonlyMap<string, SpanReport> = spans
    ? await ports.costLedger.generationReports(
        scope,
        results.map((result) => result.id),
      )
    : (given ?? new Map());
  const modelById = new Map(models.map((model) => [model.id, model]));
  const matches = (pattern: string, name: string) => ports.patterns.matches(pattern, name);
  const priced: InferenceResult[] = [];
  const deltas = [];
  for (const result of results) {
    const version = versionOf.get(result.sessionId);
    const versionModel = version?.modelId ? (modelById.get(version.modelId) ?? null) : null;
    const next = priceTurn(changed?.[priced.length] ?? result, {
      spans: reports.get(result.id) ?? null,
      versionModel,
      models,
      matches,
    });
    priced.push(next);
    if (!version) continue;
    const place = { productId: version.productId, versionId: version.id };
    deltas.push(...usageDeltas(created ? null : usageOf(result, place, -1, true), usageOf(next, place, 1, true)));
  }
  if (!created)
    for (const [index, next] of priced.entries())
      if (JSON.stringify(next) !== JSON.stringify(results[index]))
        priced[index] = await ports.inferenceResults.update(next);
  await ports.costLedger.addUsage(deltas);
  return priced;
}

/**
 * Re-prices stored turns by id (spans read), each organization's apart, locked while priced (a concurrent batch for
 * the same turn waits, so no update is lost); answers them as stored now.
 */
export async function repriceStoredTurns(
  ports: PricingPorts,
  scope: string | null,
  ids: readonly string[],
): Promise<InferenceResult[]> {
  if (ids.length === 0) return [];
  const live = (await ports.inferenceResults.listByIds(scope, ids, { forUpdate: true })).filter(
    (result) => result.deletedAt === null,
  );
  const byOrganization = new Map<string, InferenceResult[]>();
  for (const result of live)
    byOrganization.set(result.organizationId, [...(byOrganization.get(result.organizationId) ?? []), result]);
  const out: InferenceResult[] = [];
  for (const [organizationId, results] of byOrganization)
    out.push(...(await priceTurns(ports, organizationId, results, { created: false, spans: true })));
  return out;
}

/**
 * Prices the turns that newly stored spans belong to, in the caller's transaction (only spans that can change a
 * price count: GENERATION ones naming a model or reporting usage, changesPrice): their usage is added to what the turns hold from earlier spans (withArrivedSpans), so a batch costs what it brings, not what its
 * turns hold already (a turn fed a thousand spans a batch would otherwise read all of them again each time). The
 * turns are locked while priced. When the store could not tell that every span was written just now (`counted`
 * false: a concurrent batch may have stored some of the same ids), or the new spans name another model, the turn's
 * spans are all read again instead.
 */
export async function priceArrivedSpans(
  ports: PricingPorts,
  scope: string,
  stored: readonly Span[],
  counted: boolean,
): Promise<void> {
  const arrived = spanReports(stored.filter(changesPrice));
  if (arrived.size === 0) return;
  if (!counted) {
    await repriceStoredTurns(ports, scope, [...arrived.keys()]);
    return;
  }
  const turns = (await ports.inferenceResults.listByIds(scope, [...arrived.keys()], { forUpdate: true })).filter(
    (turn) => turn.deletedAt === null,
  );
  const reports = new Map<string, SpanReport>();
  const readAgain: string[] = [];
  for (const turn of turns) {
    const report = withArrivedSpans(turn, arrived.get(turn.id) as SpanReport);
    if (report) reports.set(turn.id, report);
    else readAgain.push(turn.id);
  }
  const known = turns.filter((turn) => reports.has(turn.id));
  await priceTurns(ports, scope, known, { created: false, spans: false, reports });
  await repriceStoredTurns(ports, scope, readAgain);
}
