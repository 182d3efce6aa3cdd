import { unlinkTests, type Specification } from '../../domain/catalog/specification.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { retryStale } from '../shared/retry-stale.ts';

/** Unlinks tests from a specification (read in one query); ids that are not linked are ignored. */
export class UnlinkSpecificationTests {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, testIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const specification = await this.ports.specifications.require(scope, id);
        for (const test of await listIn(this.ports.datasets, scope, testIds)) {
          if (test.specificationId === specification.id)
            await this.ports.datasets.update({ ...test, specificationId: null });
        }
        return this.ports.specifications.update(unlinkTests(specification, testIds));
      }),
    );
  }
}
