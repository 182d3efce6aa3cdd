import type { Ports } from '../ports/ports.ts';
import { CreateModelPrice } from './create-model-price.ts';
import { DeleteModelPrice } from './delete-model-price.ts';
import { GetModelPrice } from './get-model-price.ts';
import { GetRepricing } from './get-repricing.ts';
import { GetUsage } from './get-usage.ts';
import { ListModelPrices } from './list-model-prices.ts';
import { RepriceModel } from './reprice-model.ts';
import { RunRepricings } from './run-repricings.ts';
import { UpdateModelPrice } from './update-model-price.ts';

/** Costs' use cases: model prices, repricing jobs and their worker, usage. */
export function createCostUseCases(ports: Ports) {
  return {
    createModelPrice: new CreateModelPrice(ports),
    getModelPrice: new GetModelPrice(ports),
    listModelPrices: new ListModelPrices(ports),
    updateModelPrice: new UpdateModelPrice(ports),
    deleteModelPrice: new DeleteModelPrice(ports),
    repriceModel: new RepriceModel(ports),
    getRepricing: new GetRepricing(ports),
    runRepricings: new RunRepricings(ports),
    getUsage: new GetUsage(ports),
  };
}
