import { linkTests, unlinkTests, type Specification } from '../../domain/catalog/specification.ts';
import { attachToSpecification } from '../../domain/dataset/dataset.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';
import { listIn } from '../shared/list-in.ts';
import { changeSpecification } from './change-specification.ts';

/**
 * Links tests of the same product to a specification; a test linked elsewhere moves here (it has one specification at
 * most). Set-based reads: the tests in one query, the specifications they leave in another; each is written once.
 */
export class LinkSpecificationTests {
  constructor(private readonly ports: Pick<Ports, 'specifications' | 'datasets' | 'uow'>) {}

  execute(actor: Actor, id: string, testIds: readonly string[]): Promise<Specification> {
    const scope = actor.organizationId;
    return changeSpecification(this.ports, scope, id, async (specification) => {
      const tests = await this.ports.datasets.requireMany(scope, testIds);
      const leaving = new Map<string, string[]>();
      const seen = new Set<string>();
      for (const [index, test] of tests.entries()) {
        if (seen.has(test.id)) continue;
        seen.add(test.id);
        const { dataset, previousSpecificationId } = attachToSpecification(test, specification, `testIds.${index}`);
        if (dataset.specificationId !== test.specificationId) await this.ports.datasets.update(dataset);
        if (previousSpecificationId)
          leaving.set(previousSpecificationId, [...(leaving.get(previousSpecificationId) ?? []), test.id]);
      }
      for (const previous of await listIn(this.ports.specifications, scope, [...leaving.keys()]))
        await this.ports.specifications.update(unlinkTests(previous, leaving.get(previous.id) ?? []));
      return linkTests(specification, testIds);
    });
  }
}
