import type { InferenceResult } from '../../domain/tracing/inference-result.ts';
import type { Ports } from '../ports/ports.ts';
import { type PricingPorts, priceTurns } from './price-turns.ts';

/**
 * The one way new turns are stored: priced (sent cost, else their model's or their version's model's prices) and
 * added to the usage rollups, then inserted with one statement, in the caller's transaction. Turns of several
 * organizations (a generation group) are priced per organization, each with one set of reads for its whole batch.
 * Their sessions must be stored first. Answers the turns as stored, in the order given.
 */
export async function insertPricedTurns(
  ports: PricingPorts & Pick<Ports, 'inferenceResults'>,
  turns: readonly InferenceResult[],
): Promise<InferenceResult[]> {
  if (turns.length === 0) return [];
  const byOrganization = new Map<string, InferenceResult[]>();
  for (const turn of turns) {
    const batch = byOrganization.get(turn.organizationId);
    if (batch) batch.push(turn);
    else byOrganization.set(turn.organizationId, [turn]);
  }
  const priced = new Map<string, InferenceResult>();
  for (const [scope, batch] of byOrganization)
    for (const turn of await priceTurns(ports, scope, batch, { created: true, spans: false }))
      priced.set(turn.id, turn);
  const stored = turns.map((turn) => priced.get(turn.id) ?? turn);
  await ports.inferenceResults.insertMany(stored);
  return stored;
}
