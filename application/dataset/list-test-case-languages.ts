import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Condition } from '../ports/list-query.ts';
import type { Ports } from '../ports/ports.ts';

/** The distinct language tags of the organization's latest test case revisions, optionally of one product's datasets. */
export class ListTestCaseLanguages {
  constructor(private readonly ports: Pick<Ports, 'products' | 'datasets' | 'testCases'>) {}

  async execute(actor: Actor, productId?: string): Promise<{ languages: string[] }> {
    const scope = actor.organizationId;
    const conditions: Condition<TestCase>[] = [{ field: 'legacyAt', op: 'isNull' }];
    if (productId !== undefined) {
      await this.ports.products.require(scope, productId);
      const datasets = await this.ports.datasets.list(scope, {
        where: [{ field: 'productId', op: 'eq', value: productId }],
        limit: 1_000_000,
      });
      if (datasets.length === 0) return { languages: [] };
      conditions.push({ field: 'datasetId', op: 'in', values: datasets.map((dataset) => dataset.id) });
    }
    const languages = await this.ports.testCases.distinctValues(scope, 'languageCode', conditions);
    return { languages: languages.map(String).sort() };
  }
}
