import { z } from 'zod';
import type { UseCases } from '../../../application/use-cases.ts';
import { WEBHOOK_BODY_LIMIT } from '../middleware/decoded-body.ts';
import { route, type RouteSpec } from '../route-spec.ts';

const acknowledgement = z.object({ acknowledged: z.literal(true) }).meta({ id: 'MarketplaceAcknowledgement' });

/** The marketplace's subscription lifecycle webhook: its bearer JWT instead of an API key. */
export function marketplaceRoutes(useCases: UseCases): RouteSpec[] {
  return [
    route({
      method: 'post',
      path: '/webhooks/marketplace',
      tag: 'Operations',
      summary: 'Marketplace subscription lifecycle notice (bearer JWT of the marketplace, not an API key)',
      description: [
        'Body: the marketplace operation (`id`, `subscriptionId`, `action`, `timeStamp`, `planId`, `quantity`; other',
        'fields ignored). Actions Suspend, Reinstate, Unsubscribe, Renew, ChangePlan and ChangeQuantity change the',
        'linked subscription; a repeated operation id, an operation older than the last applied one, an unknown',
        'action or subscription are acknowledged without effect. 400 declines a ChangePlan to an unknown plan, a',
        'ChangeQuantity below the active users, or a timeStamp more than 5 minutes ahead (recorded: a redelivery is',
        'declined again); 401 a missing or invalid token, or a token that already served another operation; 413 a',
        'body over 16 KB; 503 when the signing keys cannot be fetched (the sender retries).',
      ].join(' '),
      auth: false,
      bodyKind: 'json',
      bodyLimit: WEBHOOK_BODY_LIMIT,
      response: acknowledgement,
      errors: [401, 413, 503],
      handle: ({ ctx, body }) =>
        useCases.receiveMarketplaceNotice.execute(
          /^Bearer\s+(\S+)\s*$/i.exec(ctx.get('authorization'))?.[1] ?? null,
          body,
        ),
    }),
  ];
}
