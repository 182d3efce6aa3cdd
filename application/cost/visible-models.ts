import type { ModelPrice } from '../../domain/cost/model-price.ts';
import { type Condition, where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** The most models one organization's pricing looks at (its own and platform-wide ones together). */
export const MODELS_PER_ORGANIZATION = 1000;

/** Models an organization sees: its own and platform-wide ones. */
export const visibleModels = (scope: string): Condition<ModelPrice>[] =>
  where.anyOf(where.eq('organizationId', scope), where.isNull('organizationId'));

/** Every live model the organization sees, for pricing (bounded). */
export function loadVisibleModels(ports: Pick<Ports, 'modelPrices'>, scope: string): Promise<ModelPrice[]> {
  return ports.modelPrices.list(null, { where: visibleModels(scope), limit: MODELS_PER_ORGANIZATION });
}
