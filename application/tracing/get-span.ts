import type { Actor } from '../../domain/identity/role.ts';
import type { Span } from '../../domain/tracing/span.ts';
import type { Ports } from '../ports/ports.ts';

/** Reads one span of the caller's organization, with its settled parent. */
export class GetSpan {
  constructor(private readonly ports: Pick<Ports, 'spans'>) {}

  execute(actor: Actor, id: string): Promise<Span> {
    return this.ports.spans.require(actor.organizationId, id);
  }
}
