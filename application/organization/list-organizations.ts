import type { Actor } from '../../domain/identity/role.ts';
import type { Organization } from '../../domain/organization/organization.ts';
import { where } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';
import type { Page } from '../shared/page.ts';
import { adminScope } from '../shared/scope.ts';

export interface OrganizationFilter extends Page<Organization> {
  readonly ids?: readonly string[];
  readonly name?: string;
  readonly names?: readonly string[];
}

/** An ADMIN lists every organization; anyone else sees only its own. */
export class ListOrganizations {
  constructor(private readonly ports: Pick<Ports, 'organizations'>) {}

  execute(actor: Actor, filter: OrganizationFilter): Promise<Organization[]> {
    return this.ports.organizations.list(adminScope(actor), {
      where: [...where.in('id', filter.ids), ...where.named(filter)],
      ...filter,
    });
  }
}
