import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { route, type RouteSpec } from '../route-spec.ts';
import {
  modelPrice,
  modelPriceCreate,
  modelPriceQuery,
  modelPriceUpdate,
  repricing,
  usageLine,
  usageQuery,
} from '../schemas/cost.ts';
import { recordRoute, resourceRoutes } from './resource-routes.ts';

const tag = 'Costs';

/** Model prices, their repricing jobs, and usage summed by day, version and model. */
export function costRoutes(useCases: UseCases): RouteSpec[] {
  return [
    ...resourceRoutes({
      tag,
      path: '/models',
      record: modelPrice,
      list: {
        summary: 'List the models the organization sees (its own and platform-wide ones)',
        query: modelPriceQuery,
        useCase: useCases.listModelPrices,
      },
      create: {
        summary: 'Create a model price record (platformWide: platform ADMIN only)',
        errors: [403, 409],
        body: modelPriceCreate,
        useCase: useCases.createModelPrice,
      },
      get: { summary: 'Read a model', useCase: useCases.getModelPrice },
      update: {
        summary: "Change the organization's model (a platform-wide one: 403); new prices apply to new turns",
        errors: [403, 404, 409],
        body: modelPriceUpdate,
        useCase: useCases.updateModelPrice,
      },
      remove: {
        summary: "Soft-delete the organization's model (a platform-wide one: 403)",
        errors: [403, 404],
        useCase: useCases.deleteModelPrice,
      },
    }),
    recordRoute({
      method: 'post',
      path: '/models/:id/reprice',
      tag,
      summary: "Re-price the organization's earlier turns priced by this model, in chunks, as a job",
      description: 'Answers the repricing (`repricing_…`); follow it with GET /repricings/{id}.',
      status: 202,
      response: repricing,
      run: (actor, id) => useCases.repriceModel.execute(actor, id),
    }),
    recordRoute({
      method: 'get',
      path: '/repricings/:id',
      tag,
      summary: 'Read a repricing job: its state (queued, active, completed) and the turns it re-priced so far',
      response: repricing,
      run: (actor, id) => useCases.getRepricing.execute(actor, id),
    }),
    route({
      method: 'get',
      path: '/usage',
      tag,
      summary: 'Turns, tokens and cost summed by day (UTC), version and/or model',
      description:
        'Served from rollups kept on write (one row per day, version and model); partial days at either end of the ' +
        "range from the turns. Another organization's ids filter to nothing.",
      query: usageQuery,
      response: z.array(usageLine),
      handle: ({ actor, query }) => useCases.getUsage.execute(actor, query),
    }),
  ];
}
