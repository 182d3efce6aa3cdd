import type { ModelPrice } from '../../domain/cost/model-price.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { visibleModels } from './visible-models.ts';

export interface ModelPriceFilter extends Page<ModelPrice> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
}

/** The models the organization sees: its own and platform-wide ones. */
export class ListModelPrices {
  constructor(private readonly ports: Pick<Ports, 'modelPrices'>) {}

  execute(actor: Actor, filter: ModelPriceFilter): Promise<ModelPrice[]> {
    return this.ports.modelPrices.list(null, {
      ...filter,
      where: [...visibleModels(actor.organizationId), ...where.in('id', filter.ids), ...where.named(filter)],
    });
  }
}
