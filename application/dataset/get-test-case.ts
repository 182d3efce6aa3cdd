import type { TestCase } from '../../domain/dataset/test-case.ts';
import type { Actor } from '../../domain/identity/role.ts';
import type { Ports } from '../ports/ports.ts';

/** One test case revision of the organization. */
export class GetTestCase {
  constructor(private readonly ports: Pick<Ports, 'testCases'>) {}

  execute(actor: Actor, id: string): Promise<TestCase> {
    return this.ports.testCases.require(actor.organizationId, id);
  }
}
