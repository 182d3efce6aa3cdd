import { linkTests, type Specification } from '../../domain/catalog/specification.ts';
import { attachToSpecification } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { retryStale } from '../shared/retry-stale.ts';
import { unlinkTestFrom } from './specifications-linking.ts';

/** Links tests of the same product to a specification; a test linked elsewhere moves here (it has one specification at most). */
export class LinkSpecificationTests {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, testIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    return retryStale(() =>
      this.ports.uow.transaction(async () => {
        const specification = await this.ports.specifications.require(scope, id);
        for (const [index, testId] of testIds.entries()) {
          const test = await this.ports.datasets.require(scope, testId);
          const { dataset, previousSpecificationId } = attachToSpecification(test, specification, `testIds.${index}`);
          if (dataset.specificationId !== test.specificationId) await this.ports.datasets.update(dataset);
          await unlinkTestFrom(this.ports, scope, { testId, specificationId: previousSpecificationId });
        }
        return this.ports.specifications.update(linkTests(specification, testIds));
      }),
    );
  }
}
