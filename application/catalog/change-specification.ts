import type { Specification } from '../../domain/catalog/specification.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';

/**
 * Reads a specification of the scope and stores what `change` makes of it, in one transaction (so the links written
 * on the way by `change` go with it); done again from a fresh read when another request changed it first.
 */
export function changeSpecification(
  ports: Pick<Ports, 'specifications' | 'uow'>,
  scope: string,
  id: string,
  change: (specification: Specification) => Specification | Promise<Specification>,
): Promise<Specification> {
  return retryStale(() =>
    ports.uow.transaction(async () => {
      const specification = await ports.specifications.require(scope, id);
      return ports.specifications.update(await change(specification));
    }),
  );
}
