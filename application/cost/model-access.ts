import { NotFound } from '../../domain/errors.ts';
import { type ModelPrice, visibleTo } from '../../domain/cost/model-price.ts';
import type { Ports } from '../ports/ports.ts';

/** A live model the organization sees (its own or platform-wide); another organization's is NotFound. */
export async function requireVisibleModel(
  ports: Pick<Ports, 'modelPrices'>,
  organizationId: string,
  id: string,
): Promise<ModelPrice> {
  const model = await ports.modelPrices.get(null, id);
  if (!model || !visibleTo(model, organizationId)) throw NotFound.of('Model', id);
  return model;
}
