import type { ApiKey } from '../../domain/identity/api-key.ts';
import type { Actor } from '../../domain/identity/role.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { viewApiKey, type ApiKeyView } from './api-key-view.ts';

export interface ApiKeyFilter extends Page<ApiKey> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
  readonly userIds?: readonly string[];
}

/** Members see their own keys; OWNERs and ADMINs their organization's. Revoked keys are not listed. */
export class ListApiKeys {
  constructor(private readonly ports: Pick<Ports, 'apiKeys'>) {}

  async execute(actor: Actor, filter: ApiKeyFilter): Promise<ApiKeyView[]> {
    const keys = await this.ports.apiKeys.list(actor.organizationId, {
      where: [
        ...where.in('id', filter.ids),
        ...where.named(filter),
        ...(actor.role === 'MEMBER' ? where.eq('userId', actor.userId) : where.in('userId', filter.userIds)),
      ],
      ...filter,
    });
    return keys.map(viewApiKey);
  }
}
